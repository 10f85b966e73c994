// /api/Users endpoints of the identity domain. Handlers only parse, call the service and
// return the contract's shape.
import type { FastifyInstance } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { AppDeps } from "../../app";
import { handle } from "../../http/route";
import { logIn } from "./login";

export function identityRoutes(app: FastifyInstance, { database, tokens }: AppDeps) {
  handle(app, api.users.authenticate, (request) => logIn(database.db, tokens, "username", request.body));
  handle(app, api.users.authenticateUsingEmail, (request) => logIn(database.db, tokens, "email", request.body));
}
