import { describe, expect, it } from "vitest";
import { checkSignature, signBody } from "./signature";

const SECRET = "s".repeat(40);
const NOW = 1_790_000_000;
const body = '{"eventId":"e1","orderId":"TS100001","status":"Picking"}';
const signed = (
  overrides: Partial<{ timestamp: string | undefined; signature: string | undefined; body: string }> = {},
) => ({
  timestamp: String(NOW),
  signature: signBody(SECRET, NOW, body),
  body,
  ...overrides,
});
const check = (request: ReturnType<typeof signed>) =>
  checkSignature(SECRET, request, { windowSeconds: 300, nowSeconds: NOW });

describe("back-office signatures", () => {
  it("signs timestamp and body with HMAC-SHA256 as sha256=<hex>", () => {
    // From openssl: printf '%s' "1790000000.$body" | openssl dgst -sha256 -hmac "$SECRET"
    expect(signBody(SECRET, NOW, body)).toBe(
      "sha256=0579d2c89e918533c1129821397059e54299ba1787cb74c59415aa49c75d4187",
    );
    expect(signBody(SECRET, NOW, body)).not.toBe(signBody(SECRET, NOW + 1, body));
    expect(signBody(SECRET, NOW, body)).not.toBe(signBody(`${SECRET}x`, NOW, body));
  });

  it("accepts its own signature, in upper case too, within the window either side", () => {
    expect(check(signed())).toBeUndefined();
    expect(
      check(signed({ signature: signBody(SECRET, NOW, body).toUpperCase().replace("SHA256=", "sha256=") })),
    ).toBeUndefined();
    const early = NOW - 300;
    expect(
      check(signed({ timestamp: String(early), signature: signBody(SECRET, early, body) })),
    ).toBeUndefined();
  });

  it("names what is wrong with a refused request", () => {
    expect(check(signed({ signature: undefined }))).toBe("missing");
    expect(check(signed({ timestamp: undefined }))).toBe("missing");
    expect(check(signed({ timestamp: "soon" }))).toBe("malformed");
    expect(check(signed({ signature: "md5=abc" }))).toBe("malformed");
    const old = NOW - 301;
    expect(check(signed({ timestamp: String(old), signature: signBody(SECRET, old, body) }))).toBe("expired");
    expect(check(signed({ body: body.replace("Picking", "Delivered") }))).toBe("mismatch");
    expect(check(signed({ timestamp: String(NOW - 1) }))).toBe("mismatch");
  });
});
