// The stream's connection rules with the browser's parts stood in for: EventSource (which the
// test drives), the window's online event, and fetch answering the ticket request.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startSession } from "@/lib/session";
import { fakeJwt } from "@/lib/testing/tokens";
import { connectRealtime, type RealtimeHandlers } from "./connection";

class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  fail() {
    this.onerror?.();
  }
}

const HEARTBEAT_MS = 1000;
const ready = { account: null, heartbeatMs: HEARTBEAT_MS };
let tickets = 0;

function handlers(): RealtimeHandlers & { readies: number; changes: string[] } {
  const seen = { readies: 0, changes: [] as string[] };
  return Object.assign(seen, {
    onReady: () => void (seen.readies += 1),
    onChange: (event: { name: string }) => void seen.changes.push(event.name),
  });
}

/** Lets the ticket request (a resolved fetch) finish. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  tickets = 0;
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal("window", new EventTarget());
  vi.stubGlobal("document", { cookie: "" });
  // A customer's login: the ticket route needs one, and the client does not ask it without.
  startSession(fakeJwt());
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      tickets += 1;
      return new Response(JSON.stringify({ ticket: `ticket-number-${tickets}-0123456789`, expiresIn: 30 }), {
        status: 200,
      });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("connectRealtime", () => {
  it("opens the stream with a fresh ticket each time, and reconnects after a drop", async () => {
    const seen = handlers();
    const stop = connectRealtime(seen);
    await settle();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0]!.url).toBe("/api/Realtime/Stream?ticket=ticket-number-1-0123456789");
    FakeEventSource.opened[0]!.emit("ready", ready);
    FakeEventSource.opened[0]!.emit("order", {
      id: 1,
      orderId: "TS100001",
      currentPastelStatus: "Picking",
      statusReason: null,
      lastPastelStatusUpdate: null,
    });
    expect(seen.readies).toBe(1);
    expect(seen.changes).toEqual(["order"]);

    FakeEventSource.opened[0]!.fail();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.url).toContain("ticket-number-2-");
    stop();
    expect(FakeEventSource.opened[1]!.closed).toBe(true);
  });

  it("tells the first stream how old the page's reads are, and no stream after a drop (decision 139)", async () => {
    const stop = connectRealtime({ ...handlers(), readAgeMs: () => 1234 });
    await settle();
    expect(FakeEventSource.opened[0]!.url).toBe(
      "/api/Realtime/Stream?ticket=ticket-number-1-0123456789&readAgeMs=1234",
    );
    FakeEventSource.opened[0]!.emit("ready", ready);
    FakeEventSource.opened[0]!.fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.opened[1]!.url).not.toContain("readAgeMs");
    stop();
  });

  it("drops a stream that goes silent past two heartbeats and opens another; heartbeats keep it", async () => {
    const stop = connectRealtime(handlers());
    await settle();
    const first = FakeEventSource.opened[0]!;
    first.emit("ready", ready);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
      first.emit("heartbeat", {});
    }
    expect(first.closed).toBe(false);

    await vi.advanceTimersByTimeAsync(2 * HEARTBEAT_MS + 5000 + 1);
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.opened).toHaveLength(2);
    stop();
  });

  it("ends for good when the login expires, and does not reconnect", async () => {
    const stop = connectRealtime(handlers());
    await settle();
    FakeEventSource.opened[0]!.emit("ready", ready);
    FakeEventSource.opened[0]!.emit("expired", { reason: "Your session has expired. Please log in again." });
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    stop();
  });

  it("retries at once when the browser comes back online, without opening two streams", async () => {
    const stop = connectRealtime(handlers());
    await settle();
    FakeEventSource.opened[0]!.fail();
    // The retry is waiting out its backoff; coming back online skips the wait.
    window.dispatchEvent(new Event("online"));
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(FakeEventSource.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    stop();
  });
});
