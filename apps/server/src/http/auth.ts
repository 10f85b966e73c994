// Who is calling and for which tenant. A bearer token is verified once per request; the
// TenantId header must name one of the token's tenants (docs/rules.md), and a route's role
// list passes when it is empty or the user holds any listed role (docs/product.md).
import type { FastifyRequest } from "fastify";
import type { TokenClaims } from "@trade-shop/contracts/identity";
import { DomainError } from "../core/domain-error";
import { hasAnyRole, type Principal } from "../core/principal";
import type { TokenService } from "../core/tokens";

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new DomainError("unauthenticated", "Invalid Authorization header.");
  return match[1];
}

function tenantFor(request: FastifyRequest, claims: TokenClaims): string | undefined {
  const header = request.headers.tenantid;
  const requested = Array.isArray(header) ? header[0] : header;
  if (!requested) return claims.tenants[0];
  if (!claims.tenants.includes(requested)) {
    throw new DomainError("tenant_forbidden", "You do not have access to this tenant.");
  }
  return requested;
}

/** The account number of the X-Acting-For header, if any (decision 127). */
function actingFor(request: FastifyRequest): string | undefined {
  const header = request.headers["x-acting-for"];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (value.length > 20)
    throw new DomainError("bad_request", "The X-Acting-For header is not an account number.");
  return value;
}

export async function identify(
  request: FastifyRequest,
  tokens: TokenService,
): Promise<Principal | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  const claims = await tokens.verify(token);
  return {
    userId: claims.uid,
    username: claims.sub,
    roles: claims.roles,
    tenants: claims.tenants,
    tenantId: tenantFor(request, claims),
    actingFor: actingFor(request),
    tokenVersion: claims.ver ?? 0,
  };
}

export function authorize(
  principal: Principal | undefined,
  route: { auth: boolean; roles?: readonly string[] },
) {
  if (!route.auth) return;
  if (!principal) throw new DomainError("unauthenticated", "Please log in to continue.");
  if (!hasAnyRole(principal.roles, route.roles)) {
    throw new DomainError("forbidden", "You do not have permission to do this.");
  }
}

/** The principal of an authenticated route; the route table guarantees there is one. */
export function principalOf(request: FastifyRequest): Principal & { tenantId: string } {
  const p = request.principal;
  if (!p?.tenantId) throw new DomainError("forbidden", "Your login is not linked to a tenant.");
  return p as Principal & { tenantId: string };
}
