// The real-time stream (Server-Sent Events): the ticket that opens it and the events it
// carries. After a (re)connect the client should reload what it shows, since events sent
// while it was away are not replayed.
import { z } from "zod";
import { Rand } from "./common";
import { CreditDetails } from "./accounts";
import { Order } from "./orders";
import type { ApiRoute } from "./http";

/** Single use, valid for `expiresIn` seconds: GET /api/Realtime/Stream?ticket=… */
export const RealtimeTicket = z.object({
  ticket: z.string(),
  expiresIn: z.number().int().positive(),
});
export type RealtimeTicket = z.infer<typeof RealtimeTicket>;

/**
 * The oldest read a client may ask the stream about (`readAgeMs`): older reads are reloaded
 * whatever the stream heard (decision 139).
 */
export const REALTIME_READ_AGE_MAX_MS = 60_000;

export const RealtimeStreamQuery = z.object({
  ticket: z.string().min(16).max(200),
  /**
   * How long before this request the client asked for the oldest of the reads the stream keeps
   * current that it shows (its cart, wishlist, account, orders). With it, `ready` says which of
   * them changed since (`reload`); without it the client reloads them all.
   */
  readAgeMs: z.coerce.number().int().min(0).max(REALTIME_READ_AGE_MAX_MS).optional(),
});
export type RealtimeStreamQuery = z.infer<typeof RealtimeStreamQuery>;

/** The header's balance and credit, and the limit they come from (null for logins without an account). */
export const AccountChange = CreditDetails.extend({
  dcBalance: Rand,
});
export type AccountChange = z.infer<typeof AccountChange>;

/** An order of the account changed status (or was placed). */
export const OrderStatusChange = Order.pick({
  id: true,
  orderId: true,
  currentPastelStatus: true,
  statusReason: true,
  lastPastelStatusUpdate: true,
});
export type OrderStatusChange = z.infer<typeof OrderStatusChange>;

/** The user's cart or wishlist changed (another tab, another device, an order placed): reload it. */
export const ListChange = z.object({});
export type ListChange = z.infer<typeof ListChange>;

/** What the stream keeps current for a shopper, by kind. */
export const LiveKind = z.enum(["account", "orders", "cart", "wishlist"]);
export type LiveKind = z.infer<typeof LiveKind>;

/** First event of every stream: the account as it is now, and how often heartbeats come. */
export const StreamReady = z.object({
  account: AccountChange.nullable(),
  heartbeatMs: z.number().int().positive(),
  /**
   * Given `readAgeMs`: the kinds that changed since the client's reads, which it reloads (empty:
   * nothing did). Absent: the server cannot tell (no `readAgeMs`, or it was not hearing every
   * change over that time), and the client reloads every kind.
   */
  reload: z.array(LiveKind).optional(),
});
export type StreamReady = z.infer<typeof StreamReady>;

/** Event names (the SSE `event:` field) and the schema of each one's `data`. */
export const RealtimeEvents = {
  ready: StreamReady,
  order: OrderStatusChange,
  account: AccountChange,
  cart: ListChange,
  wishlist: ListChange,
  /**
   * Sent every `heartbeatMs` (StreamReady): a stream that has been silent for much longer has
   * died without closing (a phone that changed networks) and should be opened again.
   */
  heartbeat: z.object({}),
  /** The change feed reconnected and may have missed events: reload everything. */
  resync: z.object({}),
  /** The login behind the stream expired or was disabled; the stream ends. Do not reconnect. */
  expired: z.object({ reason: z.string() }),
} as const;
export type RealtimeEventName = keyof typeof RealtimeEvents;

/** This domain's routes in the API table (api.ts). */
export const realtimeRoutes = {
  ticket: {
    method: "POST",
    path: "/api/Realtime/Ticket",
    response: RealtimeTicket,
    auth: true,
    summary: "A single-use ticket that opens the real-time stream",
    tag: "Realtime",
  },
  // text/event-stream, not JSON: events and their data are in contracts/realtime.ts.
  stream: {
    method: "GET",
    path: "/api/Realtime/Stream",
    query: RealtimeStreamQuery,
    produces: "text/event-stream",
    auth: false,
    problems: ["unauthenticated", "session_revoked", "tenant_forbidden"],
    summary: "Server-Sent Events for the ticket's user: order status, cart, wishlist, balance and credit",
    tag: "Realtime",
  },
} as const satisfies Record<string, ApiRoute>;
