// The real-time stream (docs/behaviour.md "real-time connection flag", contracts/realtime.ts): a
// single-use ticket, then Server-Sent Events. The browser's own EventSource reconnect would
// replay the spent ticket, so every drop closes the source and a fresh ticket is asked for
// after a growing, jittered wait; coming back online retries at once, and a stream silent for
// two heartbeats is dropped and opened again. `expired` ends it.
import {
  type RealtimeEventName,
  RealtimeEvents,
  realtimeRoutes,
  type StreamReady,
} from "@trade-shop/contracts/realtime";
import type { z } from "zod";
import { ApiError, apiRequest } from "@/lib/api-client";
import { realtimeStatus as status, type RealtimeStatus } from "./realtime-status";
import { reconnectDelay } from "./reconnect-delay";

const TICKET_TIMEOUT_MS = 10_000;

/** The events that change what the app shows (not the stream's own ready/expired). */
export type ChangeEventName = Exclude<RealtimeEventName, "ready" | "expired" | "heartbeat">;
export type ChangeEvent = {
  [K in ChangeEventName]: { name: K; data: z.infer<(typeof RealtimeEvents)[K]> };
}[ChangeEventName];

const CHANGE_EVENTS = [
  "order",
  "account",
  "cart",
  "wishlist",
  "resync",
] as const satisfies readonly ChangeEventName[];

export interface RealtimeHandlers {
  /** The stream is open (again); events sent before this were not seen. */
  onReady(ready: StreamReady): void;
  onChange(event: ChangeEvent): void;
  /**
   * For the first opening only: how long ago the shopper's reads were asked for, if that can be
   * vouched for, so that `ready` says which of them to reload (decision 139).
   */
  readAgeMs?(): number | undefined;
}

function parseData<K extends RealtimeEventName>(name: K, message: MessageEvent<unknown>) {
  try {
    const parsed = RealtimeEvents[name].safeParse(JSON.parse(String(message.data)));
    return parsed.success ? (parsed.data as z.infer<(typeof RealtimeEvents)[K]>) : undefined;
  } catch {
    return undefined;
  }
}

/** Opens the stream and keeps it open until the returned function is called. */
export function connectRealtime(handlers: RealtimeHandlers): () => void {
  let stopped = false;
  let attempt = 0;
  let everOpen = false;
  let source: EventSource | null = null;
  /** A ticket is being asked for: coming back online must not open a second stream beside it. */
  let opening = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;

  function stop(final: RealtimeStatus = "off") {
    // Only once: a late answer of this connection must not set the flag under a newer one.
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    clearTimeout(watchdog);
    source?.close();
    source = null;
    window.removeEventListener("online", retryNow);
    status.set(final);
  }

  function retryLater() {
    if (stopped) return;
    status.set(everOpen ? "reconnecting" : "connecting");
    clearTimeout(timer);
    timer = setTimeout(() => void open(), reconnectDelay(attempt++));
  }

  function retryNow() {
    if (stopped || source || opening) return;
    clearTimeout(timer);
    void open();
  }

  async function open() {
    if (stopped) return;
    status.set(everOpen ? "reconnecting" : "connecting");
    let ticket;
    opening = true;
    try {
      // A request the network swallowed (a phone changing networks) gives up and is retried.
      ticket = await apiRequest(realtimeRoutes.ticket, {
        quiet: true,
        signal: AbortSignal.timeout(TICKET_TIMEOUT_MS),
      });
    } catch (error) {
      // 401: the login ended (the API client has already logged out); nothing to reconnect for.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) stop();
      else retryLater();
      return;
    } finally {
      opening = false;
    }
    if (stopped) return;

    // After a drop, changes may have been missed for any length of time: no age, reload all.
    const readAgeMs = everOpen ? undefined : handlers.readAgeMs?.();
    const age = readAgeMs === undefined ? "" : `&readAgeMs=${readAgeMs}`;
    const opened = new EventSource(
      `${realtimeRoutes.stream.path}?ticket=${encodeURIComponent(ticket.ticket)}${age}`,
    );
    source = opened;
    const drop = () => {
      clearTimeout(watchdog);
      opened.close();
      if (source === opened) source = null;
      retryLater();
    };
    // A stream that stays silent well past its heartbeat has died without an error (a phone
    // that moved from Wi-Fi to mobile data): drop it and open a new one.
    let silenceMs = 0;
    const heard = () => {
      clearTimeout(watchdog);
      if (silenceMs > 0) watchdog = setTimeout(drop, silenceMs);
    };
    opened.addEventListener("ready", (message) => {
      const ready = parseData("ready", message);
      if (!ready) return;
      silenceMs = 2 * ready.heartbeatMs + 5000;
      heard();
      attempt = 0;
      status.set("live");
      handlers.onReady(ready);
      everOpen = true;
    });
    opened.addEventListener("heartbeat", heard);
    for (const name of CHANGE_EVENTS) {
      opened.addEventListener(name, (message) => {
        heard();
        const data = parseData(name, message);
        if (data) handlers.onChange({ name, data } as ChangeEvent);
      });
    }
    opened.addEventListener("expired", () => stop());
    opened.onerror = drop;
  }

  window.addEventListener("online", retryNow);
  void open();
  return () => stop();
}
