// Fans changes out to the streams connected to this process. Every process LISTENs on the one
// channel (PostgreSQL: a dedicated connection outside the pool, reconnecting with backoff;
// PGlite: its own listen()), so a change committed through any process reaches streams on all
// of them. The only state here is this process's own open streams.
import type { AccountChange, RealtimeEventName } from "@trade-shop/contracts/realtime";
import type { Database } from "../../db/database";
import { listenChannel } from "../../db/listen";
import { accountPosition } from "../accounts/credit-details";
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
   * resolves (the stream holds them back until it has sent `ready`).
   */
  subscribe(subscriber: StreamSubscriber): Promise<{ account: AccountChange | null; unsubscribe(): void }>;
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

export function createRealtimeHub(database: Database, log: HubLog): RealtimeHub {
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
    if (subscribers.size === 0) return;
    const event = parseShopEvent(payload);
    if (event) dispatch(event);
  }

  return {
    async start() {
      if (feed) return;
      feed =
        database.kind === "pglite"
          ? await listenPglite(database, onPayload)
          : await listenChannel(database, SHOP_EVENTS_CHANNEL, {
              label: "real-time change feed",
              log,
              onNotification: (payload) => {
                if (payload) onPayload(payload);
              },
              // Changes made while we were away were not heard: clients reload.
              onConnected: (reconnected) => {
                if (reconnected) subscribers.forEach((s) => s.send("resync", {}));
              },
            });
    },
    async stop() {
      const current = feed;
      feed = undefined;
      await current?.stop();
    },
    async subscribe(subscriber) {
      track(subscriber, true);
      const unsubscribe = () => track(subscriber, false);
      if (!subscriber.customer) return { account: null, unsubscribe };
      try {
        const account = await accountPosition(database.db, subscriber.customer);
        lastAccount.set(subscriber, JSON.stringify(account));
        return { account, unsubscribe };
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
