// A login for tests without React or a DOM: an unsigned token with the shop's claims.
import type { RoleName } from "@trade-shop/contracts/common";

function base64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An unsigned JWT with the shop's claims: the app never checks signatures, the server does. */
export function fakeJwt(
  roles: RoleName[] = ["Customer"],
  overrides: { uid?: number; tenants?: string[] } = {},
): string {
  const claims = {
    exp: Math.floor(Date.now() / 1000) + 3600,
    firstName: "Thabo",
    surname: "Mokoena",
    roles,
    sub: "trader",
    uid: 7,
    tenants: ["ZA-GP"],
    ...overrides,
  };
  return `${base64Url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${base64Url(JSON.stringify(claims))}.`;
}
