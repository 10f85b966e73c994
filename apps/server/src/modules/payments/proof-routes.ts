// /api/Payments/Proofs: proofs of EFT payments (proofs.ts). A customer uploads one and lists
// their account's; staff (Staff, Admin) list the tenant's, match and reject. The file goes only
// to its own account's users and the tenant's staff: anyone else is told it is not found.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { STAFF_ROLES } from "@trade-shop/contracts/common";
import { paymentRoutes as routes } from "@trade-shop/contracts/payments";
import type { AppDeps } from "../../app-deps";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import { hasAnyRole } from "../../core/principal";
import { principalOf } from "../../http/auth";
import { handle } from "../../http/route";
import { customerOfRequest } from "../accounts";
import {
  listProofs,
  matchProof,
  MAX_PROOF_BYTES,
  proofFile,
  rejectProof,
  submitProof,
  type ProofScope,
} from "./proofs";

/**
 * One proof as base64 (4/3) and the JSON around it, with room to spare: a file somewhat over
 * the 5 MB is read and refused on its "file" field; only a far larger one is refused unread.
 */
const PROOF_BODY_LIMIT = Math.ceil((2 * MAX_PROOF_BYTES * 4) / 3) + 64 * 1024;

const isStaff = (request: FastifyRequest) => hasAnyRole(request.principal?.roles ?? [], STAFF_ROLES);

/** The proofs a request may see: the tenant's for staff, else its own customer account's. */
async function scopeOf(db: Db, request: FastifyRequest): Promise<ProofScope> {
  if (isStaff(request)) return { tenantId: principalOf(request).tenantId };
  const { customer } = await customerOfRequest(db, request);
  return { tenantId: customer.tenantId, customerId: customer.customerId };
}

export function proofRoutes(app: FastifyInstance, { config, database: { db } }: AppDeps) {
  // The upload gets a body limit of its own; every other route keeps the app's 1 MB.
  void app.register(async (uploads) => {
    uploads.addHook("onRoute", (route) => {
      route.bodyLimit = PROOF_BODY_LIMIT;
    });
    handle(uploads, routes.submitProof, async (request) => {
      const { customer, principal } = await customerOfRequest(db, request);
      return submitProof(db, customer, principal.userId, request.body);
    });
  });

  handle(app, routes.proofs, async (request) => ({
    items: await listProofs(db, await scopeOf(db, request), request.query.status),
  }));

  handle(app, routes.proofFile, async (request, reply) => {
    let scope: ProofScope;
    try {
      scope = await scopeOf(db, request);
    } catch (error) {
      // A login with no account of its own learns nothing of whether the proof exists.
      if (error instanceof DomainError && error.code === "not_a_customer")
        throw notFound(`There is no proof of payment ${request.params.id}.`);
      throw error;
    }
    const file = await proofFile(db, scope, request.params.id);
    return reply
      .header("Content-Disposition", `attachment; filename="${file.fileName}"`)
      .header("Cache-Control", "no-store")
      .header("X-Content-Type-Options", "nosniff")
      .type(file.contentType)
      .send(file.bytes);
  });

  handle(app, routes.matchProof, async (request) => {
    const principal = principalOf(request);
    return matchProof(db, config, principal.tenantId, principal.userId, request.params.id);
  });

  handle(app, routes.rejectProof, async (request) => {
    const principal = principalOf(request);
    return rejectProof(
      db,
      config,
      principal.tenantId,
      principal.userId,
      request.params.id,
      request.body.reason,
    );
  });
}
