// Drill: PostgreSQL ends the server's connections, refuses new ones for a few seconds, stops
// for 15 s and freezes for 10 s (the last two through a proxy only this server uses), while
// shoppers are placing orders. The process must stay up, answer every request with an order, a
// refusal or a 503 database_unavailable with Retry-After (never a 500, never a hang), say "not
// ready" while the database is away and recover by itself; every order is handed off within 5 s
// of the database's return (or of being placed, if later), with the outbox's own retry settings
// (a database fault is not the back office's: decision 157), nothing is left waiting 5 s after
// the load, and the invariants hold.
import { describe, expect, it, onTestFinished } from "vitest";
import { backOfficeEnv, startBackOffice } from "./support/back-office";
import { createDrillDatabase, prepareShoppers, type DrillDatabase } from "./support/database";
import { answered, databaseUnavailable, disallowed, slowest } from "./support/exchanges";
import { checkInvariants, handOffTiming, waitForHandOffs, type Outage } from "./support/invariants";
import { startOrderLoad } from "./support/order-load";
import { probeReadiness } from "./support/readiness";
import { orders, shoppers } from "./support/scale";
import { linesAbout, startDrillServer, type DrillServer } from "./support/servers";
import { startTcpProxy } from "./support/tcp-proxy";
import { ExchangeLog, ShopClient, sleep } from "./support/shop-client";

const SHOPPERS = shoppers(10);
/** The longest any request may take while the database is away (the budget is ~5 s). */
const MAX_ANSWER_MS = 6500;
/** Every order is handed off within this long of the database's return (or of being placed). */
const HAND_OFF_BUDGET_MS = 5000;
/** Nothing is left waiting this long after the load ends. */
const SETTLE_MS = 5000;

/** A drill's database, shoppers, back office and server; with `proxied`, the server reaches PostgreSQL through a proxy the drill controls. */
async function setUp(label: string, options: { proxied?: boolean } = {}) {
  const drill = await createDrillDatabase(label);
  onTestFinished(() => drill.drop());
  const people = await prepareShoppers(drill, SHOPPERS);
  const backOffice = await startBackOffice();
  onTestFinished(() => backOffice.close());
  const postgres = new URL(drill.url);
  const proxy = options.proxied
    ? await startTcpProxy({ host: postgres.hostname, port: Number(postgres.port || 5432) })
    : undefined;
  if (proxy) onTestFinished(() => proxy.close());
  const server = await startDrillServer("shop", drill, {
    ...backOfficeEnv(backOffice),
    ...(proxy ? { DATABASE_URL: drill.urlVia(proxy.port) } : {}),
  });
  onTestFinished(async () => void (await server.stop()));
  let exitedDuringDrill: unknown;
  void server.exited.then((exit) => (exitedDuringDrill ??= exit));
  const log = new ExchangeLog();
  const client = new ShopClient(server.url, log);
  const loggedIn = await Promise.all(
    people.map(async (p) => ({ ...p, token: await client.login(p.username) })),
  );
  const load = startOrderLoad({
    client,
    shoppers: loggedIn,
    maxOrdersPerShopper: 500,
    maxMs: 90_000,
    resendEvery: 4,
  });
  onTestFinished(() =>
    load.stop().then(
      () => undefined,
      () => undefined,
    ),
  );
  return { drill, backOffice, server, proxy, log, load, exited: () => exitedDuringDrill };
}

function expectStayedUp(server: DrillServer, exited: unknown) {
  expect
    .soft(
      exited,
      `the server process exited during the drill; its last lines:\n${server.logs.slice(-15).join("\n")}`,
    )
    .toBeUndefined();
  expect.soft(server.running()).toBe(true);
}

async function finish(
  drill: DrillDatabase,
  setup: Awaited<ReturnType<typeof setUp>>,
  outages: readonly Outage[],
) {
  const submits = await setup.load.stop();
  const handOffMs = await waitForHandOffs(drill, SETTLE_MS);
  const summary = await checkInvariants(drill, submits, setup.backOffice);
  const timing = await handOffTiming(drill, outages, HAND_OFF_BUDGET_MS);
  expect
    .soft(timing.late, `hand-offs done more than ${HAND_OFF_BUDGET_MS} ms after the database was back`)
    .toEqual([]);
  return { ...summary, handOffMs, caughtUpMs: timing.caughtUpMs, firstAfterMs: timing.firstAfterMs };
}

describe("PostgreSQL ends the server's connections under order load", () => {
  it("pg_terminate_backend three times: the process stays up, every answer is an order, a refusal or a 503 database_unavailable, and it keeps taking orders", async () => {
    const setup = await setUp("terminate");
    const { drill, server, log, load } = setup;
    await load.waitForAcknowledged(orders(20), 30_000);

    const started = Date.now();
    const ended: number[] = [];
    const outages: Outage[] = [];
    for (let i = 0; i < 3; i++) {
      const from = Date.now();
      ended.push(await drill.terminateServerConnections());
      outages.push({ what: `termination ${i + 1}`, from, to: Date.now() });
      await sleep(1500);
    }
    // Recovered by itself: more orders go through after the last termination.
    await load.waitForAcknowledged(load.acknowledged() + orders(20), 30_000);
    const result = await finish(drill, setup, outages);

    expect
      .soft(
        ended.every((n) => n > 0),
        `connections ended each time: ${ended.join(", ")}`,
      )
      .toBe(true);
    expectStayedUp(server, setup.exited());
    expect.soft(disallowed(log.all, (e) => answered(e) || databaseUnavailable(e), [server])).toBe("");
    const worst = slowest(log.between(started, Date.now()));
    expect
      .soft(
        worst?.ms ?? 0,
        `slowest request: ${JSON.stringify(worst)}\n${linesAbout([server], [worst?.requestId]).join("\n")}`,
      )
      .toBeLessThanOrEqual(MAX_ANSWER_MS);
    console.info(
      `[drill terminate] ${JSON.stringify({ ...result, connectionsEnded: ended, exchanges: log.all.length, unavailable: log.all.filter(databaseUnavailable).length })}`,
    );
  });

  it("the database refuses connections for four seconds: 503 database_unavailable with Retry-After throughout, not ready during, ready after, and it recovers by itself", async () => {
    const setup = await setUp("refuse");
    const { drill, server, log, load } = setup;
    const readiness = probeReadiness(server.url);
    onTestFinished(() => readiness.stop());
    onTestFinished(() => drill.admin(`ALTER DATABASE ${drill.name} ALLOW_CONNECTIONS true`));
    await load.waitForAcknowledged(orders(20), 30_000);

    const outageStarted = Date.now();
    await drill.admin(`ALTER DATABASE ${drill.name} ALLOW_CONNECTIONS false`);
    let ended = await drill.terminateServerConnections();
    // A connection that was being opened as the door closed shows as the shop's only once it
    // has started, which on a busy machine can take longer than one pause: passes go on until
    // two in a row find none (at most ten, 300 ms apart). From then on the server has no
    // connection left and can open none.
    for (let pass = 0, quiet = 0; pass < 10 && quiet < 2; pass++) {
      await sleep(300);
      const found = await drill.terminateServerConnections();
      ended += found;
      quiet = found === 0 ? quiet + 1 : 0;
    }
    const cutOff = Date.now();
    await sleep(4000);
    // The door opens when the ALTER commits, before its answer is back here: readiness is judged
    // only on probes that ended before it was sent.
    const reopening = Date.now();
    await drill.admin(`ALTER DATABASE ${drill.name} ALLOW_CONNECTIONS true`);
    const outageEnded = Date.now();
    const readyAgain = await readiness.readyAgainAfter(outageEnded, 15_000);
    await load.waitForAcknowledged(load.acknowledged() + orders(20), 30_000);
    await readiness.stop();
    const result = await finish(drill, setup, [{ what: "refused", from: outageStarted, to: outageEnded }]);

    expect.soft(ended, "the server's connections were ended").toBeGreaterThan(0);
    expectStayedUp(server, setup.exited());
    expect.soft(disallowed(log.all, (e) => answered(e) || databaseUnavailable(e), [server])).toBe("");
    const during = log.endedBetween(outageStarted, outageEnded);
    expect
      .soft(
        during.filter(databaseUnavailable).length,
        "clients were told the database is unavailable during the outage",
      )
      .toBeGreaterThan(0);
    const worst = slowest(log.between(outageStarted, Date.now()));
    expect
      .soft(
        worst?.ms ?? 0,
        `slowest request: ${JSON.stringify(worst)}\n${linesAbout([server], [worst?.requestId]).join("\n")}`,
      )
      .toBeLessThanOrEqual(MAX_ANSWER_MS);

    // Probes begun once every connection was gone (one begun before may have used one still open).
    const probesDuring = readiness.probes.filter((p) => p.at >= cutOff + 500 && p.at + p.ms < reopening);
    expect.soft(probesDuring.length).toBeGreaterThan(0);
    expect
      .soft(
        probesDuring.filter((p) => p.status !== 503),
        `readiness says 503 while the database is away (cut off at ${cutOff}, reopened at ${reopening})`,
      )
      .toEqual([]);
    expect
      .soft(
        readiness.probes.filter((p) => p.at > readyAgain && p.status !== 200),
        "and 200 from when it is back",
      )
      .toEqual([]);
    expect
      .soft(readyAgain - outageEnded, "ready again within ten seconds of the database")
      .toBeLessThan(10_000);
    console.info(
      `[drill refuse] ${JSON.stringify({ ...result, readyAgainMs: readyAgain - outageEnded, exchanges: log.all.length, unavailable: log.all.filter(databaseUnavailable).length })}`,
    );
  });
  it("PostgreSQL stops for 15 s, then freezes for 10 s (seen through a proxy): every request is answered within the budget, 503 while it is away, and every order is handed off within 5 s of its return", async () => {
    const setup = await setUp("stopfreeze", { proxied: true });
    const { drill, server, log, load } = setup;
    const proxy = setup.proxy!;
    const readiness = probeReadiness(server.url);
    onTestFinished(() => readiness.stop());
    await load.waitForAcknowledged(orders(15), 30_000);

    // Stopped: every connection cut, new ones refused.
    const stoppedAt = Date.now();
    await proxy.stop();
    await sleep(15_000);
    const resumingFromStop = Date.now();
    await proxy.resume();
    const startedAgain = Date.now();
    const readyAfterStop = await readiness.readyAgainAfter(startedAgain, 15_000);
    await load.waitForAcknowledged(load.acknowledged() + orders(10), 30_000);

    // Frozen: connections stay open and nothing comes back, for longer than a request may wait.
    const frozenAt = Date.now();
    proxy.freeze();
    await sleep(10_000);
    const resumingFromFreeze = Date.now();
    await proxy.resume();
    const thawed = Date.now();
    const readyAfterFreeze = await readiness.readyAgainAfter(thawed, 15_000);
    await load.waitForAcknowledged(load.acknowledged() + orders(10), 30_000);
    await readiness.stop();
    const result = await finish(drill, setup, [
      { what: "stopped", from: stoppedAt, to: startedAgain },
      { what: "frozen", from: frozenAt, to: thawed },
    ]);

    expectStayedUp(server, setup.exited());
    expect.soft(disallowed(log.all, (e) => answered(e) || databaseUnavailable(e), [server])).toBe("");
    const worst = slowest(log.between(stoppedAt, Date.now()));
    expect
      .soft(
        worst?.ms ?? 0,
        `slowest request: ${JSON.stringify(worst)}\n${linesAbout([server], [worst?.requestId]).join("\n")}`,
      )
      .toBeLessThanOrEqual(MAX_ANSWER_MS);
    for (const [what, from, resuming, to, readyAgain] of [
      ["stopped", stoppedAt, resumingFromStop, startedAgain, readyAfterStop],
      ["frozen", frozenAt, resumingFromFreeze, thawed, readyAfterFreeze],
    ] as const) {
      expect
        .soft(log.endedBetween(from, to).filter(databaseUnavailable).length, `503s while ${what}`)
        .toBeGreaterThan(0);
      // Readiness gives the database a second to answer before it calls it unreachable; a probe
      // still going when the proxy was told to resume may have been answered by the database.
      const probesDuring = readiness.probes.filter((p) => p.at >= from + 1500 && p.at + p.ms < resuming);
      expect.soft(probesDuring.length, `readiness probes while ${what}`).toBeGreaterThan(0);
      expect
        .soft(
          probesDuring.filter((p) => p.status !== 503),
          `readiness says 503 while ${what}`,
        )
        .toEqual([]);
      expect
        .soft(readyAgain - to, `ready again within ten seconds once no longer ${what}`)
        .toBeLessThan(10_000);
    }
    console.info(
      `[drill stop+freeze] ${JSON.stringify({ ...result, readyAfterStopMs: readyAfterStop - startedAgain, readyAfterFreezeMs: readyAfterFreeze - thawed, slowestMs: worst?.ms, exchanges: log.all.length, unavailable: log.all.filter(databaseUnavailable).length })}`,
    );
  });
});
