// /api/Payments/Proofs: proofs of EFT payments (proofs.ts). Stubs until proofs.ts is written.
import type { FastifyInstance } from "fastify";
import { paymentRoutes as routes } from "@trade-shop/contracts/payments";
import type { AppDeps } from "../../app-deps";
import { notFound } from "../../core/domain-error";
import { handle } from "../../http/route";

export function proofRoutes(app: FastifyInstance, _deps: AppDeps) {
  const unbuilt = async (): Promise<never> => {
    throw notFound("Proofs of payment are not built yet.");
  };
  handle(app, routes.submitProof, unbuilt);
  handle(app, routes.proofs, unbuilt);
  handle(app, routes.proofFile, unbuilt);
  handle(app, routes.matchProof, unbuilt);
  handle(app, routes.rejectProof, unbuilt);
}
