// HMAC-SHA256 signatures between the shop and the back office, the same both ways: the hex
// digest of `<unix seconds>.<raw body>` keyed with the shared secret, sent as `sha256=<hex>`
// with the timestamp in its own header. A request outside the time window is refused, so a
// captured request cannot be replayed later; within it, callbacks carry an event id that is
// applied once (callback.ts).
import { createHmac, timingSafeEqual } from "node:crypto";

export function signBody(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export type SignatureProblem = "missing" | "malformed" | "expired" | "mismatch";

export interface SignedRequest {
  timestamp: string | undefined;
  signature: string | undefined;
  body: string;
}

/** undefined when the request is signed with the secret within `windowSeconds` of `nowSeconds`. */
export function checkSignature(
  secret: string,
  request: SignedRequest,
  options: { windowSeconds: number; nowSeconds: number },
): SignatureProblem | undefined {
  if (!request.timestamp || !request.signature) return "missing";
  if (!/^\d{1,12}$/.test(request.timestamp) || !/^sha256=[0-9a-f]{64}$/i.test(request.signature))
    return "malformed";
  const timestamp = Number(request.timestamp);
  if (Math.abs(options.nowSeconds - timestamp) > options.windowSeconds) return "expired";
  const expected = Buffer.from(signBody(secret, timestamp, request.body).toLowerCase());
  const given = Buffer.from(request.signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given) ? undefined : "mismatch";
}
