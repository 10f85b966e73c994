// One Server-Sent Events stream: `retry:` first, then `ready` with the account as it is now (and
// which of the client's reads changed since it made them, when it said when),
// then the hub's events as they happen, a `heartbeat` event while idle, and `expired` just before
// it ends because the login expired or was disabled (the client should not reconnect then).
import type { ServerResponse } from "node:http";
import type { RealtimeEventName } from "@trade-shop/contracts/realtime";
import type { Db } from "../../db/database";
import { SESSION_ENDED, sessionFacts } from "../identity";
import type { RealtimeHub, StreamSubscriber } from "./hub";
import type { StreamGrant } from "./tickets";

/** What a browser waits before reconnecting after a dropped stream. */
const RECONNECT_MS = 3000;
/** A client that stops reading is dropped rather than buffered for without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** setTimeout's longest delay; a login never lasts that long, but a clock jump must not fire it at once. */
const MAX_TIMER_MS = 2_147_483_647;

export interface StreamOptions {
  db: Db;
  hub: RealtimeHub;
  grant: StreamGrant;
  customer: StreamSubscriber["customer"];
  heartbeatMs: number;
  /** The login's roles as the stream opened: a change ends it, as it ends the login's token. */
  roles: readonly string[];
  /** When (Date.now()) the client's reads were made at the earliest, if it said (hub.subscribe). */
  readsSince?: number;
  log: { warn(obj: object, msg: string): void };
}

const frame = (event: RealtimeEventName, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Streams to `res` until the client leaves, the login ends, or the hub closes it. */
export async function runStream(res: ServerResponse, options: StreamOptions): Promise<void> {
  const { db, hub, grant } = options;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    // Reverse proxies (nginx) would otherwise hold events back in their buffer.
    "x-accel-buffering": "no",
  });
  res.write(`retry: ${RECONNECT_MS}\n\n`);

  let ended = false;
  let opened = false;
  const held: string[] = [];
  let unsubscribe = () => {};
  let heartbeat: NodeJS.Timeout | undefined;
  const untilExpiry = Math.min(Math.max(0, grant.sessionExpiresAt.getTime() - Date.now()), MAX_TIMER_MS);
  const expiry = setTimeout(() => expire("Your session has expired. Please log in again."), untilExpiry);

  function end() {
    if (ended) return;
    ended = true;
    clearTimeout(heartbeat);
    clearTimeout(expiry);
    unsubscribe();
    res.end();
  }
  function write(text: string) {
    if (ended) return;
    res.write(text);
    if (res.writableLength > MAX_BUFFERED_BYTES) end();
  }
  function expire(reason: string) {
    write(frame("expired", { reason }));
    end();
  }
  res.on("close", end);

  const subscriber: StreamSubscriber = {
    userId: grant.userId,
    tenantId: grant.tenantId,
    customer: options.customer,
    // Events that arrive while `ready` is being prepared follow it.
    send: (event, data) => (opened ? write(frame(event, data)) : held.push(frame(event, data))),
    close: end,
  };

  // Each heartbeat also asks whether the login may still receive updates: still enabled, still
  // in the tenant, and still the login the stream was opened for (a password reset or a change
  // of roles moves its token version on, and ends its tokens and so its stream).
  const rolesAtOpen = [...options.roles].sort().join(",");
  async function beat() {
    write(frame("heartbeat", {}));
    const facts = await sessionFacts(db, grant.userId);
    if (!facts?.isActive || !facts.tenants.includes(grant.tenantId))
      return expire("This login can no longer receive updates.");
    if (facts.tokenVersion !== grant.tokenVersion || [...facts.roles].sort().join(",") !== rolesAtOpen)
      return expire(SESSION_ENDED);
    scheduleBeat();
  }
  function scheduleBeat() {
    if (ended) return;
    heartbeat = setTimeout(() => {
      beat().catch((error: unknown) => {
        options.log.warn({ err: error }, "real-time stream ended: its login could not be checked");
        end();
      });
    }, options.heartbeatMs);
  }

  try {
    const subscription = await hub.subscribe(subscriber, options.readsSince);
    unsubscribe = subscription.unsubscribe;
    if (ended) return unsubscribe();
    const { account, reload } = subscription;
    write(frame("ready", { account, heartbeatMs: options.heartbeatMs, reload }));
  } catch (error) {
    options.log.warn({ err: error }, "real-time stream could not start");
    return end();
  }
  opened = true;
  held.splice(0).forEach(write);
  scheduleBeat();
}
