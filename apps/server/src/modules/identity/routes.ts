// /api/Users endpoints of the identity domain. Handlers only parse, call the service and
// return the contract's shape.
import type { FastifyInstance } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { Db } from "../../db/database";
import { handle } from "../../http/route";
import { logIn } from "./login";
import type { TokenService } from "./tokens";

export function identityRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService }) {
  handle(app, api.users.authenticate, (request) => logIn(deps.db, deps.tokens, "username", request.body));
  handle(app, api.users.authenticateUsingEmail, (request) => logIn(deps.db, deps.tokens, "email", request.body));
}
