// Web Push (RFC 8030) to a user's devices: the shop's VAPID key pair (RFC 8292) and one message
// to one subscription, encrypted for it (RFC 8291, aes128gcm). The `web-push` package signs
// and encrypts (generateRequestDetails); the POST itself is fetch's, so a push service on plain
// http (the tests' own, apps/server/test/push-service.ts) is reached too.
import webpush from "web-push";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { onTheFarSide, RemoteFailure } from "../../core/outbox";

export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

const SETTINGS_KEY = "vapid";
const known = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The shop's VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else the pair kept in
 * app_settings, made once by whichever process asks first (every process and a restored backup
 * sign with the same pair, so browsers' subscriptions stay valid).
 */
export function vapidKeys(db: Db, config: Pick<Config, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY">) {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return Promise.resolve({ publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY });
  }
  let keys = known.get(db);
  if (!keys) {
    keys = storedVapidKeys(db);
    keys.catch(() => known.delete(db));
    known.set(db, keys);
  }
  return keys;
}

async function storedVapidKeys(db: Db): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto("appSettings")
    .values({ key: SETTINGS_KEY, value: { publicKey: made.publicKey, privateKey: made.privateKey } })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("appSettings")
    .select("value")
    .where("key", "=", SETTINGS_KEY)
    .executeTakeFirstOrThrow();
  const value = row.value as Partial<VapidKeys>;
  if (typeof value.publicKey !== "string" || typeof value.privateKey !== "string") {
    throw new Error("app_settings 'vapid' holds no key pair");
  }
  return { publicKey: value.publicKey, privateKey: value.privateKey };
}

/** Who push services may contact about the shop's messages: a mailto: or https: address. */
export function vapidSubject(config: Pick<Config, "VAPID_SUBJECT" | "MAIL_FROM" | "publicUrl">): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.publicUrl.startsWith("https://")) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return `mailto:${address}`;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows (apps/web/service-worker). */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the shop to open. */
  url: string;
  /** A later notification with the same tag replaces the earlier one on the device. */
  tag: string;
}

/** "sent", "gone" (404 or 410: the subscription ended; forget it) or "refused" (another 4xx). */
export type PushOutcome = "sent" | "gone" | "refused";

const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** POSTs one message; throws (to be tried again) on a network failure, 429 or 5xx. */
export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  vapid: VapidKeys & { subject: string },
): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: "aes128gcm",
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers as Record<string, unknown>)) {
    if (name.toLowerCase() !== "content-length") headers[name] = String(value);
  }
  const response = await onTheFarSide(() =>
    fetch(details.endpoint, {
      method: details.method,
      headers,
      body: new Uint8Array(details.body),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      redirect: "error",
    }),
  );
  await response.body?.cancel();
  if (response.ok) return "sent";
  if (response.status === 404 || response.status === 410) return "gone";
  if (response.status === 429 || response.status >= 500) {
    throw new RemoteFailure(`push service answered ${response.status}`, false);
  }
  return "refused";
}
