// The real-time stream (SPEC §4 "real-time connection flag", contracts/realtime.ts): a
// single-use ticket, then Server-Sent Events. The browser's own EventSource reconnect would
// replay the spent ticket, so every drop closes the source and a fresh ticket is asked for
// after a growing, jittered wait; coming back online retries at once. `expired` ends it.
import { api } from "@trade-shop/contracts/api";
import { RealtimeEvents, type RealtimeEventName, type StreamReady } from "@trade-shop/contracts/realtime";
import type { z } from "zod";
import { ApiError, apiRequest } from "../../lib/api-client";
import { createStore, useStore } from "../../lib/store";
import { reconnectDelay } from "./reconnect-delay";

/** off: no stream (logged out, or the login ended); connecting: first try; live: open; reconnecting: lost, trying again. */
export type RealtimeStatus = "off" | "connecting" | "live" | "reconnecting";

const status = createStore<RealtimeStatus>("off");

export function useRealtimeStatus(): RealtimeStatus {
  return useStore(status);
}

/** The events that change what the app shows (not the stream's own ready/expired). */
export type ChangeEventName = Exclude<RealtimeEventName, "ready" | "expired">;
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
  let timer: ReturnType<typeof setTimeout> | undefined;

  function stop(final: RealtimeStatus = "off") {
    stopped = true;
    clearTimeout(timer);
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
    if (stopped || source) return;
    clearTimeout(timer);
    void open();
  }

  async function open() {
    if (stopped) return;
    status.set(everOpen ? "reconnecting" : "connecting");
    let ticket;
    try {
      ticket = await apiRequest(api.realtime.ticket, { quiet: true });
    } catch (error) {
      // 401: the login ended (the API client has already logged out); nothing to reconnect for.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) stop();
      else retryLater();
      return;
    }
    if (stopped) return;

    const opened = new EventSource(`${api.realtime.stream.path}?ticket=${encodeURIComponent(ticket.ticket)}`);
    source = opened;
    opened.addEventListener("ready", (message) => {
      const ready = parseData("ready", message);
      if (!ready) return;
      attempt = 0;
      status.set("live");
      handlers.onReady(ready);
      everOpen = true;
    });
    for (const name of CHANGE_EVENTS) {
      opened.addEventListener(name, (message) => {
        const data = parseData(name, message);
        if (data) handlers.onChange({ name, data } as ChangeEvent);
      });
    }
    opened.addEventListener("expired", () => stop());
    opened.onerror = () => {
      opened.close();
      if (source === opened) source = null;
      retryLater();
    };
  }

  window.addEventListener("online", retryNow);
  void open();
  return () => stop();
}
