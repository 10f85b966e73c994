// Fans changes out to the streams connected to this process. Every process LISTENs on the one
// channel (PostgreSQL: a dedicated connection outside the pool, reconnecting with backoff;
// PGlite: its own listen()), so a change committed through any process reaches streams on all
// of them. The only state here is this process's own open streams, and the changes it heard over
// the last minutes, so a new stream can say which of its client's reads they touched (decision 139).
import {
  REALTIME_READ_AGE_MAX_MS,
  type AccountChange,
  type LiveKind,
  type RealtimeEventName,
} from "@trade-shop/contracts/realtime";
import type { Database } from "../../db/database";
import { listenChannel } from "../../db/listen";
import { accountPosition } from "../accounts";
import { parseShopEvent, SHOP_EVENTS_CHANNEL, type OrderChanged, type ShopEvent } from "./publish";

export interface StreamSubscriber {
  userId: number;
  tenantId: string;
  /** The login's customer account in the tenant; staff have none. */
  customer: { customerId: number; accountId: string; tenantId: string } | undefined;
  send(event: RealtimeEventName, data: unknown): void;
  /** Ends the stream (the server is shutting down). */
  close(): void;
}

export interface HubLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RealtimeHub {
  /** Starts listening; resolves once changes are being received. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Adds a stream and reads its account as it is now. Events may be sent to it before this
   * resolves (the stream holds them back until it has sent `ready`). With `readsSince` (a time
   * by Date.now() at or before which the client's reads were made), also says which kinds of
   * the subscriber's state changed after it (`reload`), or nothing when this process may have
   * missed a change since then.
   */
  subscribe(
    subscriber: StreamSubscriber,
    readsSince?: number,
  ): Promise<{ account: AccountChange | null; reload?: LiveKind[]; unsubscribe(): void }>;
  /** Ends every open stream, so the HTTP server can close (browsers reconnect, through a load balancer to another process). */
  closeStreams(): void;
  /** Streams open on this process. */
  openStreams(): number;
}

interface ChangeFeed {
  stop(): Promise<void>;
}

async function listenPglite(database: Database, onPayload: (payload: string) => void): Promise<ChangeFeed> {
  const unlisten = await database.pglite!.listen(SHOP_EVENTS_CHANNEL, onPayload);
  return { stop: () => unlisten() };
}

const orderChange = (event: OrderChanged) => ({
  id: event.id,
  orderId: event.orderId,
  currentPastelStatus: event.currentPastelStatus,
  statusReason: event.statusReason,
  lastPastelStatusUpdate: new Date(event.lastPastelStatusUpdate).toISOString(),
});

/** Changes heard over the last minutes, kept to answer `readsSince` (at most this many). */
const HEARD_MAX = 10_000;

/** The kinds of `s`'s state that `event` changes (as `dispatch` sends them). */
function kindsChanged(s: StreamSubscriber, event: ShopEvent): LiveKind[] {
  const ofUser = (userId: number | null) => event.tenantId === s.tenantId && userId === s.userId;
  const ofCustomer = (customerId: number) =>
    s.customer !== undefined &&
    event.tenantId === s.customer.tenantId &&
    customerId === s.customer.customerId;
  switch (event.kind) {
    case "cart":
    case "wishlist":
      return ofUser(event.userId) ? [event.kind] : [];
    case "order":
      return [
        ...(ofCustomer(event.customerId) ? (["orders", "account"] as const) : []),
        ...(event.placed && ofUser(event.userId) ? (["cart"] as const) : []),
      ];
    case "account":
      return ofCustomer(event.customerId) ? ["account"] : [];
  }
}

export interface HubOptions {
  /** How much the `readsSince` of a subscriber is moved earlier (REALTIME_READ_SLACK_MS). */
  readSlackMs: number;
}

export function createRealtimeHub(database: Database, log: HubLog, options: HubOptions): RealtimeHub {
  const subscribers = new Set<StreamSubscriber>();
  // The same streams indexed by user and by customer account, so an event finds its streams at once.
  const byUser = new Map<string, Set<StreamSubscriber>>();
  const byCustomer = new Map<string, Set<StreamSubscriber>>();
  const userKey = (tenantId: string, userId: number) => `${tenantId}:${userId}`;
  const customerKey = (tenantId: string, customerId: number) => `${tenantId}:${customerId}`;
  const index = (map: Map<string, Set<StreamSubscriber>>, key: string, s: StreamSubscriber, add: boolean) => {
    const set = map.get(key) ?? new Set<StreamSubscriber>();
    if (add) set.add(s);
    else set.delete(s);
    if (set.size > 0) map.set(key, set);
    else map.delete(key);
  };
  function track(s: StreamSubscriber, add: boolean) {
    if (add) subscribers.add(s);
    else subscribers.delete(s);
    index(byUser, userKey(s.tenantId, s.userId), s, add);
    if (s.customer) index(byCustomer, customerKey(s.customer.tenantId, s.customer.customerId), s, add);
  }
  /** The account state each stream was last sent, so an unchanged one is not sent again. */
  const lastAccount = new WeakMap<StreamSubscriber, string>();
  let feed: ChangeFeed | undefined;
  /**
   * Since when (Date.now()) this process has heard every change, continuously: unset while the
   * feed is not listening. The changes heard since, oldest first, for `readsSince`.
   */
  let hearingSince: number | undefined;
  const heard: { at: number; event: ShopEvent }[] = [];
  const keepHeardMs = REALTIME_READ_AGE_MAX_MS + options.readSlackMs + 5000;
  function remember(event: ShopEvent) {
    const now = Date.now();
    heard.push({ at: now, event });
    while (heard.length > 0 && (heard[0]!.at < now - keepHeardMs || heard.length > HEARD_MAX)) {
      const forgotten = heard.shift()!;
      // Past the count, what is forgotten may still be asked about: from then on only.
      if (heard.length >= HEARD_MAX && hearingSince !== undefined)
        hearingSince = Math.max(hearingSince, forgotten.at + 1);
    }
  }
  function hearing(connected: boolean) {
    hearingSince = connected ? Date.now() : undefined;
  }
  /** The kinds of `s`'s state changed after `since`; undefined when a change may have been missed. */
  function changedSince(s: StreamSubscriber, since: number): LiveKind[] | undefined {
    if (hearingSince === undefined || since < hearingSince || since < Date.now() - keepHeardMs)
      return undefined;
    const kinds = new Set<LiveKind>();
    for (const { at, event } of heard)
      if (at >= since) kindsChanged(s, event).forEach((kind) => kinds.add(kind));
    return [...kinds];
  }

  const ofCustomer = (tenantId: string, customerId: number) => [
    ...(byCustomer.get(customerKey(tenantId, customerId)) ?? []),
  ];
  const ofUser = (tenantId: string, userId: number) => [...(byUser.get(userKey(tenantId, userId)) ?? [])];

  // One query per account however many of its streams are open; a change arriving while one
  // runs makes it run once more afterwards.
  const refreshing = new Map<string, { again: boolean }>();
  async function refreshAccount(tenantId: string, customerId: number) {
    const key = customerKey(tenantId, customerId);
    const running = refreshing.get(key);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    refreshing.set(key, state);
    try {
      while (state.again) {
        state.again = false;
        const targets = ofCustomer(tenantId, customerId);
        const customer = targets[0]?.customer;
        if (!customer) return;
        const account = await accountPosition(database.db, customer);
        const text = JSON.stringify(account);
        for (const s of ofCustomer(tenantId, customerId)) {
          if (lastAccount.get(s) === text) continue;
          lastAccount.set(s, text);
          s.send("account", account);
        }
      }
    } finally {
      refreshing.delete(key);
    }
  }

  function dispatch(event: ShopEvent) {
    switch (event.kind) {
      case "cart":
      case "wishlist":
        for (const s of ofUser(event.tenantId, event.userId)) s.send(event.kind, {});
        return;
      case "order":
        for (const s of ofCustomer(event.tenantId, event.customerId)) s.send("order", orderChange(event));
        // Placing an order empties the placing user's cart.
        if (event.placed && event.userId !== null) {
          for (const s of ofUser(event.tenantId, event.userId)) s.send("cart", {});
        }
        break;
      case "account":
        break;
    }
    refreshAccount(event.tenantId, event.customerId).catch((error: unknown) =>
      log.error({ err: error }, "real-time account refresh failed"),
    );
  }

  function onPayload(payload: string) {
    const event = parseShopEvent(payload);
    if (!event) return;
    remember(event);
    if (subscribers.size > 0) dispatch(event);
  }

  return {
    async start() {
      if (feed) return;
      if (database.kind === "pglite") {
        feed = await listenPglite(database, onPayload);
        hearing(true);
        return;
      }
      feed = await listenChannel(database, SHOP_EVENTS_CHANNEL, {
        label: "real-time change feed",
        log,
        onNotification: (payload) => {
          if (payload) onPayload(payload);
        },
        // Changes made while we were away were not heard: clients reload.
        onConnected: (reconnected) => {
          hearing(true);
          if (reconnected) subscribers.forEach((s) => s.send("resync", {}));
        },
        onLost: () => hearing(false),
      });
    },
    async stop() {
      const current = feed;
      feed = undefined;
      hearing(false);
      await current?.stop();
    },
    async subscribe(subscriber, readsSince) {
      track(subscriber, true);
      const unsubscribe = () => track(subscriber, false);
      // Asked once the stream is in the index: a change heard from now on is also sent to it.
      const reload = readsSince === undefined ? undefined : changedSince(subscriber, readsSince);
      if (!subscriber.customer) return { account: null, reload, unsubscribe };
      try {
        const account = await accountPosition(database.db, subscriber.customer);
        lastAccount.set(subscriber, JSON.stringify(account));
        return { account, reload, unsubscribe };
      } catch (error) {
        unsubscribe();
        throw error;
      }
    },
    openStreams: () => subscribers.size,
    closeStreams() {
      // Closing a stream unsubscribes it.
      for (const s of [...subscribers]) s.close();
    },
  };
}
