// A push service in the test process (RFC 8030), standing in for the ones browsers use, so the
// shop's web push is tested as it goes out: an HTTP server on 127.0.0.1 that accepts a POST per
// subscription, checks its VAPID Authorization (RFC 8292: `vapid t=<ES256 JWT>, k=<key>`, the
// signature by k, aud the endpoint's origin, exp in the next 24 hours) and decrypts the
// aes128gcm body (RFC 8291, RFC 8188) with the private key and auth secret of a subscription it
// made itself, as a browser would. It records what arrived, refuses what fails either check
// (400, or 401 for VAPID), and answers 410 for an endpoint it is told is gone.
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";

/** What a browser's PushSubscription.toJSON() gives the shop. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The device side of a subscription: what only the browser holds. */
export interface SubscriptionSecrets {
  ecdh: ECDH;
  auth: Buffer;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** The application server's public key (k), base64url. */
  key: string;
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  vapid: VapidClaims;
  ttl: string | undefined;
}

export interface RefusedPush {
  endpoint: string;
  status: number;
  reason: string;
}

export interface TestPushService {
  /** http://127.0.0.1:<port> */
  origin: string;
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** A new subscription, with a key pair and auth secret of its own. */
  subscribe(): TestSubscription;
  /** From now on, POSTs to this endpoint answer 410 Gone. */
  gone(endpoint: string): void;
  stop(): Promise<void>;
}

const b64 = (bytes: Buffer) => bytes.toString("base64url");

/** Checks a VAPID Authorization header for a push to `audience`; throws saying what is wrong. */
export function verifyVapid(
  authorization: string | undefined,
  audience: string,
  now = Date.now(),
): VapidClaims {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? "");
  if (!match) throw new Error("no vapid Authorization");
  const params = new Map<string, string>();
  for (const part of match[1]!.split(",")) {
    const at = part.indexOf("=");
    if (at > 0) params.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const token = params.get("t");
  const key = params.get("k");
  if (!token || !key) throw new Error("vapid needs t and k");
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 0x04) throw new Error("k is not an uncompressed P-256 point");
  const [head, body, signature] = token.split(".");
  if (!head || !body || !signature) throw new Error("t is not a JWT");
  const header = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as { alg?: string };
  if (header.alg !== "ES256") throw new Error(`JWT alg ${header.alg}`);
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the JWT's signature is not k's");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<VapidClaims>;
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud} is not ${audience}`);
  const seconds = now / 1000;
  if (typeof claims.exp !== "number" || claims.exp <= seconds) throw new Error("the JWT has expired");
  if (claims.exp > seconds + 24 * 60 * 60) throw new Error("exp more than 24 hours ahead");
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Error("sub is not a mailto: or https: address");
  }
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, key };
}

/** Decrypts an aes128gcm push body (RFC 8291) for the subscription; throws on any mismatch. */
export function decryptPush(body: Buffer, secrets: SubscriptionSecrets): Buffer {
  if (body.length < 21) throw new Error("body too short for its header");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderKey[0] !== 0x04) throw new Error("keyid is not the sender's P-256 key");
  if (recordSize < 18) throw new Error("record size too small");
  const receiverKey = secrets.ecdh.getPublicKey();
  const shared = secrets.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, secrets.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));

  const records = body.subarray(21 + idLength);
  if (records.length === 0) throw new Error("no records");
  const parts: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq++, at += recordSize) {
    const record = records.subarray(at, at + recordSize);
    const last = at + recordSize >= records.length;
    const iv = Buffer.from(nonce);
    // The record number XORed into the nonce's end (RFC 8188 2.3; a push is far below 2^32 records).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== (last ? 2 : 1)) throw new Error("bad padding delimiter");
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts);
}

/** A subscription's keys as a browser makes them: a P-256 key pair and a 16-byte auth secret. */
export function newSubscriptionSecrets(): SubscriptionSecrets {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

export async function startPushService(): Promise<TestPushService> {
  const subscriptions = new Map<string, SubscriptionSecrets>();
  const goneEndpoints = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  let origin = "";
  let made = 0;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const endpoint = `${origin}${request.url ?? ""}`;
      const body = await readBody(request);
      const refuse = (status: number, reason: string) => {
        refused.push({ endpoint, status, reason });
        response.writeHead(status).end();
      };
      if (request.method !== "POST") return refuse(405, "not a POST");
      const secrets = subscriptions.get(endpoint);
      if (!secrets) return refuse(404, "no such subscription");
      if (goneEndpoints.has(endpoint)) return refuse(410, "gone");
      let vapid: VapidClaims;
      try {
        vapid = verifyVapid(request.headers.authorization, origin);
      } catch (error) {
        return refuse(401, (error as Error).message);
      }
      if (request.headers["content-encoding"] !== "aes128gcm") return refuse(415, "not aes128gcm");
      let payload: unknown;
      try {
        payload = JSON.parse(decryptPush(body, secrets).toString("utf8"));
      } catch (error) {
        return refuse(400, (error as Error).message);
      }
      const ttl = request.headers.ttl;
      received.push({ endpoint, payload, vapid, ttl: Array.isArray(ttl) ? ttl[0] : ttl });
      response.writeHead(201, { location: `${endpoint}/message/${received.length}` }).end();
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("push service: no address");
  origin = `http://127.0.0.1:${address.port}`;

  return {
    origin,
    received,
    refused,
    subscribe() {
      const secrets = newSubscriptionSecrets();
      const endpoint = `${origin}/push/${++made}-${randomBytes(6).toString("hex")}`;
      subscriptions.set(endpoint, secrets);
      return { endpoint, keys: { p256dh: b64(secrets.ecdh.getPublicKey()), auth: b64(secrets.auth) } };
    },
    gone(endpoint) {
      goneEndpoints.add(endpoint);
    },
    stop: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
