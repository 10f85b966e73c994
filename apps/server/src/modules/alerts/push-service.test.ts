// The tests' push service (apps/server/test/push-service.ts) is itself proved: a message the
// web-push package signs and encrypts for a subscription is accepted and read back, and one
// encrypted for another key, with a byte changed, signed by a key other than the one it names,
// for another origin or expired, is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import {
  decryptPush,
  newSubscriptionSecrets,
  startPushService,
  verifyVapid,
  type TestPushService,
} from "../../../test/push-service";

const vapid = webpush.generateVAPIDKeys();
const other = webpush.generateVAPIDKeys();
const subject = "mailto:alerts@tradeshop.test";

function requestFor(endpoint: string, keys: { p256dh: string; auth: string }, body: string, signer = vapid) {
  return webpush.generateRequestDetails({ endpoint, keys }, body, {
    vapidDetails: { subject, publicKey: signer.publicKey, privateKey: signer.privateKey },
    contentEncoding: "aes128gcm",
  });
}

const keysOf = (secrets: ReturnType<typeof newSubscriptionSecrets>) => ({
  p256dh: secrets.ecdh.getPublicKey().toString("base64url"),
  auth: secrets.auth.toString("base64url"),
});

describe("the test push service's checks", () => {
  const secrets = newSubscriptionSecrets();
  const endpoint = "http://127.0.0.1:9/push/1";
  const message = JSON.stringify({
    title: "Order SO1: Picking",
    body: "b",
    url: "/orders-history/1",
    tag: "t",
  });

  it("decrypts what web-push encrypted for the subscription", () => {
    const details = requestFor(endpoint, keysOf(secrets), message);
    expect(decryptPush(details.body, secrets).toString("utf8")).toBe(message);
  });

  it("refuses a body encrypted for another subscription's key or secret", () => {
    const stranger = newSubscriptionSecrets();
    const details = requestFor(endpoint, keysOf(stranger), message);
    expect(() => decryptPush(details.body, secrets)).toThrow();
    const sameKeyOtherSecret = { ecdh: stranger.ecdh, auth: secrets.auth };
    expect(() => decryptPush(details.body, sameKeyOtherSecret)).toThrow();
  });

  it("refuses a body with any byte of its ciphertext or header changed", () => {
    const details = requestFor(endpoint, keysOf(secrets), message);
    for (const at of [0, 30, details.body.length - 20, details.body.length - 1]) {
      const tampered = Buffer.from(details.body);
      tampered[at] = tampered[at]! ^ 0x01;
      expect(() => decryptPush(tampered, secrets), `byte ${at}`).toThrow();
    }
  });

  it("accepts the VAPID header for the endpoint's origin and refuses a wrong key, origin or time", () => {
    const details = requestFor(endpoint, keysOf(secrets), message);
    const header = String(details.headers.Authorization);
    const claims = verifyVapid(header, "http://127.0.0.1:9");
    expect(claims).toMatchObject({ aud: "http://127.0.0.1:9", sub: subject, key: vapid.publicKey });

    expect(() => verifyVapid(header, "http://127.0.0.1:10")).toThrow(/aud/);
    expect(() => verifyVapid(header, "http://127.0.0.1:9", Date.now() + 25 * 60 * 60 * 1000)).toThrow(
      /expired/,
    );
    // Signed by one key while naming another.
    const forged = header.replace(/k=[A-Za-z0-9_-]+/, `k=${other.publicKey}`);
    expect(() => verifyVapid(forged, "http://127.0.0.1:9")).toThrow(/signature/);
    expect(() => verifyVapid(undefined, "http://127.0.0.1:9")).toThrow();
  });
});

describe("the test push service over HTTP", () => {
  let service: TestPushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.stop());

  const post = async (endpoint: string, details: ReturnType<typeof requestFor>) => {
    const headers = Object.fromEntries(
      Object.entries(details.headers as Record<string, unknown>)
        .filter(([name]) => name.toLowerCase() !== "content-length")
        .map(([name, value]) => [name, String(value)]),
    );
    return (await fetch(endpoint, { method: "POST", headers, body: new Uint8Array(details.body) })).status;
  };

  it("records a good message, refuses a tampered one, answers 410 once told an endpoint is gone", async () => {
    const subscription = service.subscribe();
    const payload = { title: "T", body: "B", url: "/alerts", tag: "x" };
    expect(
      await post(
        subscription.endpoint,
        requestFor(subscription.endpoint, subscription.keys, JSON.stringify(payload)),
      ),
    ).toBe(201);
    expect(service.received).toEqual([
      expect.objectContaining({
        endpoint: subscription.endpoint,
        payload,
        vapid: expect.objectContaining({ aud: service.origin }),
      }),
    ]);

    const tampered = requestFor(subscription.endpoint, subscription.keys, JSON.stringify(payload));
    tampered.body[tampered.body.length - 5] = tampered.body[tampered.body.length - 5]! ^ 0xff;
    expect(await post(subscription.endpoint, tampered)).toBe(400);

    const wrongKeys = service.subscribe().keys;
    expect(await post(subscription.endpoint, requestFor(subscription.endpoint, wrongKeys, "{}"))).toBe(400);

    service.gone(subscription.endpoint);
    expect(
      await post(subscription.endpoint, requestFor(subscription.endpoint, subscription.keys, "{}")),
    ).toBe(410);
    expect(service.received).toHaveLength(1);
  });
});
