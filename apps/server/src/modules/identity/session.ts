// A token names the user; the database decides what they may do now. On every request with a
// token the user's current state is read once: a disabled (or deleted) user's tokens stop
// working at once, and roles or tenants taken away stop counting, without waiting for expiry.
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps";
import { DomainError } from "../../core/domain-error";
import { sessionFacts } from "./queries";

export const SESSION_ENDED =
  "Your login has ended because your password, roles or account changed. Please log in again.";

export function registerSessionCheck(app: FastifyInstance, { database }: AppDeps) {
  app.addHook("onRequest", async (request) => {
    const principal = request.principal;
    if (!principal) return;
    const facts = await sessionFacts(database.db, principal.userId);
    if (!facts?.isActive) {
      throw new DomainError(
        "session_revoked",
        "This account is disabled. Contact your sales representative.",
      );
    }
    if (facts.tokenVersion !== principal.tokenVersion) {
      throw new DomainError("session_revoked", SESSION_ENDED);
    }
    principal.roles = facts.roles;
    principal.tenants = facts.tenants;
    if (principal.tenantId && !facts.tenants.includes(principal.tenantId)) {
      throw new DomainError("tenant_forbidden", "You do not have access to this tenant.");
    }
  });
}
