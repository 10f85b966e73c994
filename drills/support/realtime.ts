// A real-time client as the web app's (apps/web/src/app/realtime/connection.ts): a single-use
// ticket, then the Server-Sent Events stream; when the stream drops, a fresh ticket and a new
// stream after a short, growing wait, until told to stop or `expired`. Each connection records
// which server process served it (the balancer's X-Served-By) and every event it carried.
import { RealtimeTicket } from "@trade-shop/contracts/realtime";
import { sleep, type ShopClient } from "./shop-client";

export interface StreamEvent {
  name: string;
  data: unknown;
  at: number;
}

export interface StreamConnection {
  servedBy: string | null;
  openedAt: number;
  closedAt?: number;
  events: StreamEvent[];
}

export interface RealtimeClient {
  connections: StreamConnection[];
  /** The connection open now (it has sent `ready`), if any. */
  current(): StreamConnection | undefined;
  /** Resolves with the first event, on any connection, at or after `since` that matches. */
  waitForEvent(match: (e: StreamEvent) => boolean, since: number, timeoutMs: number): Promise<StreamEvent>;
  /** Resolves once a connection opened after `since` has sent `ready`. */
  waitForConnection(since: number, timeoutMs: number): Promise<StreamConnection>;
  stop(): Promise<void>;
}

const MAX_CONNECTIONS = 50;

export function connectRealtime(client: ShopClient, token: string): RealtimeClient {
  const connections: StreamConnection[] = [];
  let stopped = false;
  let abort = new AbortController();

  async function openOnce(): Promise<"dropped" | "expired"> {
    const ticket = await client.call("POST", "/api/Realtime/Ticket", { token });
    if (ticket.status !== 200) return "dropped";
    const { ticket: value } = RealtimeTicket.parse(ticket.json);
    abort = new AbortController();
    if (stopped) return "dropped";
    const res = await fetch(`${client.baseUrl}/api/Realtime/Stream?ticket=${encodeURIComponent(value)}`, {
      signal: abort.signal,
    }).catch(() => undefined);
    if (!res?.ok || !res.body) return "dropped";
    const connection: StreamConnection = {
      servedBy: res.headers.get("x-served-by"),
      openedAt: Date.now(),
      events: [],
    };
    connections.push(connection);
    let ended: "dropped" | "expired" = "dropped";
    try {
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let blank: number;
        while ((blank = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, blank);
          buffer = buffer.slice(blank + 2);
          const name = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (!name) continue;
          connection.events.push({ name, data: data ? JSON.parse(data) : undefined, at: Date.now() });
          if (name === "expired") ended = "expired";
        }
      }
    } catch {
      // The connection was cut (the process died, or we stopped): a drop like any other.
    }
    connection.closedAt = Date.now();
    return ended;
  }

  const loop = (async () => {
    for (let attempt = 0; !stopped && connections.length < MAX_CONNECTIONS;) {
      const before = connections.length;
      const how = await openOnce().catch(() => "dropped" as const);
      if (how === "expired") return;
      attempt =
        connections.length > before && connections.at(-1)!.events.some((e) => e.name === "ready")
          ? 0
          : attempt + 1;
      if (!stopped) await sleep(Math.min(200 * 2 ** attempt, 2000));
    }
  })();

  const isOpen = (c: StreamConnection) =>
    c.closedAt === undefined && c.events.some((e) => e.name === "ready");

  return {
    connections,
    current: () => connections.findLast(isOpen),
    async waitForEvent(match, since, timeoutMs) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = connections.flatMap((c) => c.events).find((e) => e.at >= since && match(e));
        if (found) return found;
        if (Date.now() > until)
          throw new Error(
            `no matching real-time event within ${timeoutMs} ms; connections: ${describe(connections)}`,
          );
        await sleep(50);
      }
    },
    async waitForConnection(since, timeoutMs) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = connections.find((c) => c.openedAt >= since && isOpen(c));
        if (found) return found;
        if (Date.now() > until)
          throw new Error(
            `no real-time stream opened within ${timeoutMs} ms; connections: ${describe(connections)}`,
          );
        await sleep(50);
      }
    },
    async stop() {
      stopped = true;
      abort.abort();
      await loop;
    },
  };
}

function describe(connections: readonly StreamConnection[]) {
  return JSON.stringify(
    connections.map((c) => ({
      servedBy: c.servedBy,
      openedAt: c.openedAt,
      closedAt: c.closedAt,
      events: c.events.map((e) => e.name),
    })),
  );
}
