// The logged-in customer behind a request to an authenticated route: the route layer's way
// from a request to the plain values the services take. Every module's routes use it (through
// this module's index.ts), so http/ itself knows nothing of customer accounts.
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/database";
import { principalOf } from "../../http/auth";
import { requireCustomer } from "./customer-context";

export async function customerOfRequest(db: Db, request: FastifyRequest) {
  const principal = principalOf(request);
  return { customer: await requireCustomer(db, principal), principal };
}
