// Issues and verifies the shop's login tokens: HS256 JWTs with the claims of docs/data.md
// (exp in seconds, firstName, surname, roles, sub, uid, tenants). The algorithm is pinned
// on verify, so a token signed any other way (or not at all) is refused. Shared: identity
// issues tokens at login, http/auth.ts verifies one on every request.
import { SignJWT, errors, jwtVerify } from "jose";
import { normalizeClaims, type TokenClaims } from "@trade-shop/contracts/identity";
import { DomainError } from "./domain-error";
import { createDeviceCookies, type DeviceCookies } from "./device-cookies";

const ALGORITHM = "HS256";
const ISSUER = "trade-shop";

export interface TokenSubject {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  roles: string[];
  tenants: string[];
  /** The user's token version (0 when left out). */
  tokenVersion?: number;
}

export interface TokenService {
  issue(subject: TokenSubject): Promise<{ token: string; expiresIn: number }>;
  verify(token: string): Promise<TokenClaims>;
  /** Device cookies, signed with a key of their own derived from the same secret. */
  devices: DeviceCookies;
}

export function createTokenService(secret: string, lifetimeHours: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const lifetimeSeconds = Math.round(lifetimeHours * 3600);
  return {
    devices: createDeviceCookies(secret),
    async issue(subject) {
      const token = await new SignJWT({
        firstName: subject.firstname,
        surname: subject.lastname,
        roles: subject.roles,
        tenants: subject.tenants,
        uid: String(subject.id),
        ver: subject.tokenVersion ?? 0,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(subject.username)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(key);
      return { token, expiresIn: lifetimeSeconds };
    },
    async verify(token) {
      try {
        // maxTokenAge: however far off `exp` is, no token outlives the lifetime this server gives.
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          requiredClaims: ["iat", "exp"],
          maxTokenAge: lifetimeSeconds,
        });
        return normalizeClaims(payload);
      } catch (error) {
        const message =
          error instanceof errors.JWTExpired ||
          (error instanceof errors.JWTClaimValidationFailed && error.claim === "iat")
            ? "Your session has expired. Please log in again."
            : "Invalid token.";
        throw new DomainError("unauthenticated", message);
      }
    },
  };
}
