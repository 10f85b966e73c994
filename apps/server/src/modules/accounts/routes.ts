// /api/Users endpoints of the accounts domain: the logged-in customer's own account.
import type { FastifyInstance } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { AppDeps } from "../../app-deps";
import { principalOf } from "../../http/auth";
import { handle } from "../../http/route";
import { customerAddressesFor } from "./customer-addresses";
import { creditDetailsFor } from "./credit-details";
import { customerDetailsFor } from "./customer-details";

export function accountsRoutes(app: FastifyInstance, { database }: AppDeps) {
  handle(app, api.users.getCustomerDetails, (request) =>
    customerDetailsFor(database.db, principalOf(request)),
  );
  handle(app, api.users.getCustomerAddresses, (request) =>
    customerAddressesFor(database.db, principalOf(request)),
  );
  handle(app, api.users.getCreditDetails, (request) => creditDetailsFor(database.db, principalOf(request)));
}
