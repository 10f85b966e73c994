// The logged-in customer behind a request to an authenticated route: the route layer's way
// from a request to the plain values the services take.
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/database";
import { requireCustomer } from "../modules/accounts/customer-context";
import { principalOf } from "./auth";

export async function customerOfRequest(db: Db, request: FastifyRequest) {
  const principal = principalOf(request);
  return { customer: await requireCustomer(db, principal), principal };
}
