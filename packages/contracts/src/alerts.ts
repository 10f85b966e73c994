// Buyer alerts (issue 36): what the shop tells a customer's user about their orders, approvals,
// wished-for stock and statements, in the shop (the header's bell and /alerts) and, as each
// user chooses per kind, by e-mail, SMS and web push to their devices.
import { z } from "zod";
import { Id, IsoDateTime } from "./common";
import type { ApiRoute } from "./http";

export const AlertKind = z.enum([
  "order_status",
  "approval_needed",
  "approval_decided",
  "back_in_stock",
  "statement_ready",
]);
export type AlertKind = z.infer<typeof AlertKind>;

export const Alert = z.object({
  id: Id,
  kind: AlertKind,
  title: z.string(),
  body: z.string(),
  /** A path of the shop, e.g. "/orders-history/12". */
  link: z.string(),
  createdAt: IsoDateTime,
  readAt: IsoDateTime.nullable(),
});
export type Alert = z.infer<typeof Alert>;

/** Newest first, at most 50, with how many of the user's alerts are unread. */
export const AlertList = z.object({
  items: z.array(Alert),
  unread: z.number().int().min(0),
});
export type AlertList = z.infer<typeof AlertList>;

/** The alerts to mark read; absent marks them all. */
export const MarkAlertsReadCommand = z.object({ ids: z.array(Id).max(50).optional() });
export type MarkAlertsReadCommand = z.infer<typeof MarkAlertsReadCommand>;

export const UnreadAlerts = z.object({ unread: z.number().int().min(0) });
export type UnreadAlerts = z.infer<typeof UnreadAlerts>;

export const AlertPreference = z.object({
  kind: AlertKind,
  inShop: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
  push: z.boolean(),
});
export type AlertPreference = z.infer<typeof AlertPreference>;

export const AlertPreferences = z.object({
  preferences: z.array(AlertPreference),
  /** The shop's VAPID public key (base64url), for PushManager.subscribe. */
  pushPublicKey: z.string(),
  /** How many of the user's devices receive push. */
  pushDevices: z.number().int().min(0),
});
export type AlertPreferences = z.infer<typeof AlertPreferences>;

/** Each kind at most once; kinds left out keep what they were. */
export const SetAlertPreferencesCommand = z.object({
  preferences: z
    .array(AlertPreference)
    .max(AlertKind.options.length)
    .refine(
      (preferences) => new Set(preferences.map((p) => p.kind)).size === preferences.length,
      "Name each kind of alert once",
    ),
});
export type SetAlertPreferencesCommand = z.infer<typeof SetAlertPreferencesCommand>;

/** Bytes of a base64url text (without padding), or -1 when it is not base64url. */
function base64urlBytes(text: string): number {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return -1;
  const bare = text.replace(/=+$/, "");
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

/** The endpoint a push service gave the browser: an http(s) address. */
const PushEndpoint = z
  .url({ protocol: /^https?$/, error: "Use the push service's http or https address" })
  .max(2000);

/** A browser's PushSubscription as its toJSON() writes it. */
export const PushSubscriptionCommand = z.object({
  endpoint: PushEndpoint,
  keys: z.object({
    // RFC 8291: the browser's P-256 public key, uncompressed (65 bytes, starting 0x04), and a
    // 16-byte authentication secret, both base64url.
    p256dh: z
      .string()
      .max(200)
      .refine(
        // 0x04 puts six zero bits and a one first: "B".
        (key) => base64urlBytes(key) === 65 && key.startsWith("B"),
        "Use the subscription's p256dh key: an uncompressed P-256 point, 65 bytes in base64url",
      ),
    auth: z
      .string()
      .max(100)
      .refine(
        (secret) => base64urlBytes(secret) === 16,
        "Use the subscription's auth secret: 16 bytes in base64url",
      ),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionCommand = z.infer<typeof PushSubscriptionCommand>;

export const RemovePushSubscriptionCommand = PushSubscriptionCommand.pick({ endpoint: true });
export type RemovePushSubscriptionCommand = z.infer<typeof RemovePushSubscriptionCommand>;

/** This domain's routes in the API table (route-table.ts). */
export const alertRoutes = {
  list: {
    method: "GET",
    path: "/api/Alerts",
    response: AlertList,
    auth: true,
    problems: ["not_a_customer"],
    summary: "The user's alerts, newest first (at most 50), and how many are unread",
    tag: "Alerts",
  },
  markRead: {
    method: "POST",
    path: "/api/Alerts/Read",
    body: MarkAlertsReadCommand,
    response: UnreadAlerts,
    auth: true,
    problems: ["not_a_customer"],
    summary: "Mark the given alerts read, or all of them",
    tag: "Alerts",
  },
  getPreferences: {
    method: "GET",
    path: "/api/Alerts/Preferences",
    response: AlertPreferences,
    auth: true,
    problems: ["not_a_customer"],
    summary: "How the user is told of each kind of alert, and the push key",
    tag: "Alerts",
  },
  setPreferences: {
    method: "PUT",
    path: "/api/Alerts/Preferences",
    body: SetAlertPreferencesCommand,
    response: AlertPreferences,
    auth: true,
    problems: ["not_a_customer"],
    summary: "Choose how the user is told of each kind of alert",
    tag: "Alerts",
  },
  subscribePush: {
    method: "POST",
    path: "/api/Alerts/PushSubscriptions",
    body: PushSubscriptionCommand,
    response: AlertPreferences,
    auth: true,
    problems: ["not_a_customer"],
    summary: "Send push alerts to this browser",
    tag: "Alerts",
  },
  unsubscribePush: {
    method: "POST",
    path: "/api/Alerts/PushSubscriptions/Remove",
    body: RemovePushSubscriptionCommand,
    response: AlertPreferences,
    auth: true,
    problems: ["not_a_customer"],
    summary: "Stop push alerts to this browser",
    tag: "Alerts",
  },
} as const satisfies Record<string, ApiRoute>;
