// Drill: the back office answers 503 for 30 s while orders are being placed. Shoppers notice
// nothing; the hand-offs are tried again at most 5 s apart without counting attempts (the
// outbox's own settings: a "not now" is not a failure, decision 157), so none is parked; the
// first is accepted within 2 s of the back office's return, every order arrives exactly once,
// every attempt carrying the same idempotency key, and the invariants hold.
import { describe, expect, it, onTestFinished } from "vitest";
import { backOfficeEnv, startBackOffice } from "./support/back-office";
import { createDrillDatabase, prepareShoppers } from "./support/database";
import { answered, disallowed } from "./support/exchanges";
import { checkInvariants, handOffTiming, waitForHandOffs } from "./support/invariants";
import { startOrderLoad } from "./support/order-load";
import { orders, shoppers } from "./support/scale";
import { startDrillServer } from "./support/servers";
import { ExchangeLog, ShopClient, sleep } from "./support/shop-client";

const SHOPPERS = shoppers(8);
const DOWN_MS = 30_000;
/** The first hand-off is accepted within this long of the back office's return. */
const RESUME_MS = 2000;
/**
 * The orders queued over 30 s go one account at a time once it is back, the load still running:
 * they are all done this long after the load ends (the budget here is the resume, not the catch-up).
 */
const SETTLE_MS = 15_000;

describe("the back office answers 503 for a while", () => {
  it("hand-offs resume within 2 s of its return, and every one arrives exactly once, with the same idempotency key on every attempt", async () => {
    const drill = await createDrillDatabase("backoffice");
    onTestFinished(() => drill.drop());
    const people = await prepareShoppers(drill, SHOPPERS);
    let downUntil = Infinity;
    const backOffice = await startBackOffice({ answer: () => (Date.now() < downUntil ? 503 : 200) });
    onTestFinished(() => backOffice.close());
    const server = await startDrillServer("shop", drill, backOfficeEnv(backOffice));
    onTestFinished(async () => void (await server.stop()));
    const log = new ExchangeLog();
    const client = new ShopClient(server.url, log);
    const loggedIn = await Promise.all(
      people.map(async (p) => ({ ...p, token: await client.login(p.username) })),
    );

    const downFrom = Date.now();
    downUntil = downFrom + DOWN_MS;
    const load = startOrderLoad({ client, shoppers: loggedIn, maxOrdersPerShopper: 500, maxMs: 60_000 });
    onTestFinished(() =>
      load.stop().then(
        () => undefined,
        () => undefined,
      ),
    );
    await sleep(DOWN_MS);
    await load.waitForAcknowledged(load.acknowledged() + orders(20), 30_000);
    const submits = await load.stop();
    await waitForHandOffs(drill, SETTLE_MS);
    const summary = await checkInvariants(drill, submits, backOffice);

    expect(disallowed(log.all, answered, [server]), "shoppers notice nothing of the back office").toBe("");
    const refusedKeys = new Set(backOffice.requests.filter((r) => r.status === 503).map((r) => r.key));
    expect(refusedKeys.size, "orders met the back office while it answered 503").toBeGreaterThan(0);
    const accepted = new Map<string, number>();
    for (const r of backOffice.requests.filter((q) => q.status === 200))
      accepted.set(r.key, (accepted.get(r.key) ?? 0) + 1);
    expect(
      [...accepted].filter(([, n]) => n !== 1),
      "each order was accepted exactly once",
    ).toEqual([]);
    expect(accepted.size).toBe(backOffice.salesOrders.size);
    const early = backOffice.requests.filter((r) => r.status === 200 && r.receivedAt < downUntil);
    expect(early, "nothing was accepted while the back office was down").toEqual([]);
    const firstAccepted = Math.min(
      ...backOffice.requests.filter((r) => r.status === 200).map((r) => r.receivedAt),
    );
    expect(
      firstAccepted - downUntil,
      "the first hand-off accepted after the back office's return",
    ).toBeLessThanOrEqual(RESUME_MS);
    const timing = await handOffTiming(drill, [{ what: "503", from: downFrom, to: downUntil }]);
    const refusals = backOffice.requests.filter((r) => r.status === 503).length;
    console.info(
      `[drill back office] ${JSON.stringify({ ...summary, refusedFirst: refusedKeys.size, refusals, requests: backOffice.requests.length, resumedMs: firstAccepted - downUntil, caughtUpMs: timing.caughtUpMs, lateBeyond5s: timing.late.length })}`,
    );
  });
});
