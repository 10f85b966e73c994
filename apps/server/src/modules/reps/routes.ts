// /api/Rep/Accounts for reps and /api/Users/{id}/Accounts for admins: thin handlers over
// rep-accounts.ts (decision 127).
import type { FastifyInstance } from "fastify";
import { repRoutes as routes } from "@trade-shop/contracts/reps";
import type { AppDeps } from "../../app-deps";
import { principalOf } from "../../http/auth";
import { handle } from "../../http/route";
import { accountsOfRep, assignAccount, myAccounts, unassignAccount } from "./rep-accounts";

export function repRoutes(app: FastifyInstance, { database: { db } }: AppDeps) {
  handle(app, routes.myAccounts, (request) => myAccounts(db, principalOf(request)));
  handle(app, routes.accountsOfRep, (request) => accountsOfRep(db, principalOf(request), request.params.id));
  handle(app, routes.assign, (request) =>
    assignAccount(db, principalOf(request), request.params.id, request.params.accountId),
  );
  handle(app, routes.unassign, (request) =>
    unassignAccount(db, principalOf(request), request.params.id, request.params.accountId),
  );
}
