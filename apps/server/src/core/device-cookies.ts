// OWASP's device cookies against lock-out abuse: a browser that has logged in to an account
// carries a cookie, signed by the shop, naming that user. Failures from elsewhere lock the
// account for untrusted clients only; that browser keeps logging in, and its own failures
// lock only its cookie (decision 76).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "tradeshop_device";
/** How long a browser stays trusted without logging in again. */
export const DEVICE_COOKIE_DAYS = 180;

export interface DeviceClaim {
  userId: number;
  /** The name the user logged in with, lower-cased (username or e-mail address). */
  login: string;
  /** This cookie's own id: failures are counted against it. */
  nonce: string;
}

export interface DeviceCookies {
  issue(userId: number, login: string): string;
  /** The claim of a cookie this shop signed, or undefined for anything else. */
  read(value: string | undefined): DeviceClaim | undefined;
}

export function createDeviceCookies(secret: string): DeviceCookies {
  // A key of its own, so a device cookie can never pass for anything else the secret signs.
  const key = createHmac("sha256", secret).update("tradeshop device cookie v1").digest();
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  return {
    issue(userId, login) {
      const payload = Buffer.from(
        JSON.stringify({
          u: userId,
          l: login.trim().toLowerCase(),
          n: randomBytes(16).toString("base64url"),
        }),
      ).toString("base64url");
      return `${payload}.${mac(payload)}`;
    },
    read(value) {
      if (!value) return undefined;
      const [payload, signature, extra] = value.split(".");
      if (!payload || !signature || extra !== undefined) return undefined;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      try {
        const claim = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
          u?: unknown;
          l?: unknown;
          n?: unknown;
        };
        if (typeof claim.u !== "number" || typeof claim.l !== "string" || typeof claim.n !== "string")
          return undefined;
        return { userId: claim.u, login: claim.l, nonce: claim.n };
      } catch {
        return undefined;
      }
    },
  };
}
