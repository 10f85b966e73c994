// Drill: HAProxy (scripts/cluster/haproxy.mjs, as `npm run start:cluster` runs it) in front of
// three server processes on one PostgreSQL, shoppers filling carts and ordering through it, and a
// real-time stream open through it. First the process serving the stream is killed (kill -9)
// while it holds requests: it is paused a quarter of a second first, so that it certainly does.
// The balancer replays what it had in hand on another process (decision 159), so no customer
// request is lost: every request through the balancer gets an answer, no add is made twice or
// lost, and every acknowledged order exists once. A submit sent straight to the process (past
// the balancer) is cut and its repeat finds the one order. Then the process serving the
// reconnected stream is stopped with SIGTERM (a graceful drain): no request lost, the drain ends
// within SHUTDOWN_TIMEOUT_MS, the stream reconnects and still receives its events, and every
// hand-off is delivered once.
import { describe, expect, it, onTestFinished } from "vitest";
import { Order } from "@trade-shop/contracts/orders";
import { OrderStatusChange } from "@trade-shop/contracts/realtime";
import { Cart, CartAfterAdd } from "@trade-shop/contracts/cart";
import { haproxyBinary } from "../scripts/cluster/haproxy.mjs";
import { backOfficeEnv, startBackOffice } from "./support/back-office";
import { startBalancer } from "./support/balancer";
import { repeatUntilAnswered, submitAboutToBeCut } from "./support/cut-off";
import { createDrillDatabase, prepareShoppers, type Shopper } from "./support/database";
import { answered, disallowed } from "./support/exchanges";
import { checkInvariants, waitForHandOffs } from "./support/invariants";
import { startOrderLoad, type Submit } from "./support/order-load";
import { connectRealtime } from "./support/realtime";
import { orders, shoppers } from "./support/scale";
import { startDrillServer, type DrillServer } from "./support/servers";
import { ExchangeLog, ShopClient, sleep, type Answer, type Exchange } from "./support/shop-client";

const SHOPPERS = shoppers(8);
const SHUTDOWN_DELAY_MS = 1500;
const SHUTDOWN_TIMEOUT_MS = 8000;
/** haproxy's request-id format (unique-id-format): hex address:port pairs, time, counter and pid. */
const BALANCER_REQUEST_ID = /^[0-9A-F]+:[0-9A-F]+_[0-9A-F]+:[0-9A-F]+_[0-9A-F]+_[0-9A-F]+:[0-9A-F]+$/;

type LoggedIn = Shopper & { token: string };

/** How long the victim is paused before the kill, so that requests are in its hands when it dies. */
const PAUSE_BEFORE_KILL_MS = 250;

/** A request the shop answered "not now, try again after Retry-After": allowed, if never needed here. */
const retryLater = (e: Exchange) =>
  e.status === 503 && typeof e.retryAfter === "string" && e.retryAfter !== "";

/**
 * The balancer's client, also keeping for each login the cart its answers add up to (cleared,
 * plus what each add's first answer said it added, emptied by an order) and noting every answer
 * whose cart differs from that: an add made twice (a replay that added again) or lost.
 */
class CartCheckingClient extends ShopClient {
  private readonly expected = new Map<string, Map<string, number>>();
  private readonly answeredKeys = new Set<string>();
  readonly differences: string[] = [];
  addsAnswered = 0;

  override async call(
    method: "GET" | "POST",
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const answer = await super.call(method, path, options);
    const token = options.token;
    if (token === undefined || answer.status !== 200) return answer;
    if (path === "/api/Cart/ClearUserCart" || path === "/api/Order") this.expected.set(token, new Map());
    else if (path === "/api/Cart/AdditemToCart") {
      const after = CartAfterAdd.parse(answer.json);
      // An add without a key (the cut-off submit's, sent once) counts each time.
      const key = options.headers?.["Idempotency-Key"];
      if (key === undefined || !this.answeredKeys.has(key)) {
        if (key !== undefined) this.answeredKeys.add(key);
        this.addsAnswered++;
        const cart = this.expected.get(token) ?? new Map<string, number>();
        cart.set(after.added.skuCode, (cart.get(after.added.skuCode) ?? 0) + after.added.added);
        this.expected.set(token, cart);
      }
      this.compare(token, after, `add ${key ?? "without a key"} via ${answer.exchange.servedBy}`);
    } else if (path === "/api/Cart/GetUserCart") {
      this.compare(token, Cart.parse(answer.json), `cart via ${answer.exchange.servedBy}`);
    }
    return answer;
  }

  private compare(token: string, cart: Cart, what: string) {
    const expected = this.expected.get(token);
    if (!expected) return;
    const actual = new Map(cart.cartItems.map((i) => [i.productId, i.quantity]));
    for (const sku of new Set([...expected.keys(), ...actual.keys()]))
      if ((expected.get(sku) ?? 0) !== (actual.get(sku) ?? 0))
        this.differences.push(
          `${what}: ${sku} ${actual.get(sku) ?? 0} in the cart, ${expected.get(sku) ?? 0} added`,
        );
  }
}

/**
 * Requests haproxy logged as retried: after the termination state (4 characters) come the
 * connection counts, the last of them the retries ("+n" when sent to another server).
 */
const replayed = (lines: readonly string[]) =>
  lines.filter((l) => / [-A-Za-z]{4} \d+\/\d+\/\d+\/\d+\/\+?[1-9]\d* /.test(l));

/** One order of SKUs that do not run out for `shopper` through the balancer, submitted until it gets a final answer. */
async function placeOne(client: ShopClient, shopper: LoggedIn): Promise<Submit> {
  const load = startOrderLoad({
    client,
    shoppers: [{ ...shopper, skus: shopper.ampleSkus }],
    maxOrdersPerShopper: 1,
    maxMs: 30_000,
  });
  const [submit] = await load.stop();
  if (submit?.outcome !== "acknowledged")
    throw new Error(`${shopper.username}'s order was not placed: ${JSON.stringify(submit)}`);
  return submit;
}

describe("HAProxy in front of three server processes", () => {
  it("kill -9 of one process under load costs no request; SIGTERM of another drains; the stream and the hand-offs survive", async () => {
    haproxyBinary();
    const began = Date.now();
    const phases: Record<string, number> = {};
    const phase = (name: string) => (phases[name] = Date.now() - began);
    const drill = await createDrillDatabase("cluster");
    onTestFinished(() => drill.drop());
    const people = await prepareShoppers(drill, SHOPPERS + 2);
    const backOffice = await startBackOffice({ delayMs: 100 });
    onTestFinished(() => backOffice.close());
    const env = {
      ...backOfficeEnv(backOffice),
      // haproxy connects from loopback; only it may say who the client is.
      TRUST_PROXY: "127.0.0.1",
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      OUTBOX_RETRY_BASE_MS: "200",
    };
    const servers: DrillServer[] = await Promise.all(
      ["s1", "s2", "s3"].map((name) => startDrillServer(name, drill, env)),
    );
    for (const s of servers) onTestFinished(async () => void (await s.stop()));
    const balancer = await startBalancer(servers);
    onTestFinished(() => balancer.stop());
    await balancer.waitFor(["s1", "s2", "s3"], "UP", 10_000);

    const log = new ExchangeLog();
    const client = new CartCheckingClient(balancer.url, log);
    const loggedIn: LoggedIn[] = [];
    loggedIn.push(
      ...(await Promise.all(people.map(async (p) => ({ ...p, token: await client.login(p.username) })))),
    );
    // The last two logins are one customer's: one watches the stream, the other places the orders it should hear of.
    const orderer = loggedIn.pop()!;
    const watcher = loggedIn.pop()!;
    expect(watcher.customerId).toBe(orderer.customerId);
    expect(orderer.tightCredit, "the orderer's repeats cannot be refused for credit").toBe(false);
    const logins = log.all.filter((e) => e.path === "/api/Users/Authenticate");
    expect(
      new Set(logins.map((e) => e.servedBy)).size,
      "the balancer spreads requests over the processes",
    ).toBeGreaterThan(1);
    expect(
      logins.filter((e) => !BALANCER_REQUEST_ID.test(e.requestId ?? "")),
      "each answer carries the balancer's request id",
    ).toEqual([]);

    phase("ready");
    const realtime = connectRealtime(client, watcher.token);
    onTestFinished(() => realtime.stop());
    const firstStream = await realtime.waitForConnection(0, 10_000);
    const load = startOrderLoad({
      client,
      shoppers: loggedIn,
      maxOrdersPerShopper: 500,
      maxMs: 120_000,
      resendEvery: 3,
    });
    onTestFinished(() =>
      load.stop().then(
        () => undefined,
        () => undefined,
      ),
    );
    await load.waitForAcknowledged(orders(8), 30_000);

    // kill -9 the process serving the stream, paused first so that it holds requests of the load,
    // and with a submit of the orderer sent straight to it in flight.
    const victim = servers.find((s) => s.name === firstStream.servedBy)!;
    expect(victim, `the stream was served by ${firstStream.servedBy}`).toBeDefined();
    const cutOff = await submitAboutToBeCut(client, orderer, victim.url);
    phase("killing");
    victim.signal("SIGSTOP");
    await sleep(PAUSE_BEFORE_KILL_MS);
    const killedAt = Date.now();
    victim.signal("SIGKILL");
    await victim.exited;
    const cutOffAnswer = await cutOff.answer;
    await balancer.waitFor([victim.name], "DOWN", 5000);
    const noticedAt = Date.now();
    const repeated = await repeatUntilAnswered(client, orderer, cutOff.command);
    const secondStream = await realtime.waitForConnection(killedAt, 15_000);
    const afterKill = await placeOne(client, orderer);
    const heardAfterKill = await realtime.waitForEvent(
      (e) => e.name === "order" && OrderStatusChange.parse(e.data).id === afterKill.orderId,
      afterKill.startedAt,
      10_000,
    );
    await load.waitForAcknowledged(load.acknowledged() + orders(8), 30_000);

    // SIGTERM the process serving the reconnected stream: a graceful drain.
    phase("draining");
    const drainee = servers.find((s) => s.name === secondStream.servedBy)!;
    const survivor = servers.find((s) => s !== victim && s !== drainee)!;
    const termAt = Date.now();
    drainee.signal("SIGTERM");
    const drained = await drainee.exited;
    const drainMs = Date.now() - termAt;
    const thirdStream = await realtime.waitForConnection(termAt, 15_000);
    const afterDrain = await placeOne(client, orderer);
    const heardAfterDrain = await realtime.waitForEvent(
      (e) => e.name === "order" && OrderStatusChange.parse(e.data).id === afterDrain.orderId,
      afterDrain.startedAt,
      10_000,
    );
    await load.waitForAcknowledged(load.acknowledged() + orders(6), 30_000);
    const submits = await load.stop();
    await realtime.stop();
    phase("loadStopped");
    await waitForHandOffs(drill, 30_000);
    phase("handedOff");
    const cutOffOrder = Order.parse(repeated.json);
    const summary = await checkInvariants(
      drill,
      [
        ...submits,
        {
          shopper: orderer.username,
          orderReference: cutOff.command.orderReference,
          outcome: "acknowledged",
          orderId: cutOffOrder.id,
          attempts: 2,
          startedAt: killedAt,
          endedAt: Date.now(),
        },
        afterKill,
        afterDrain,
      ],
      backOffice,
    );

    // The kill: every request through the balancer was answered (the ones the dead process had
    // in hand were replayed on another), no add was made twice or lost, and the kill did hit
    // requests in flight (the balancer logged their replays).
    const beforeDrain = log.all.filter((e) => e.startedAt < termAt - 1000);
    const replayedByKill = replayed(balancer.logs).length;
    expect
      .soft(
        disallowed(beforeDrain, (e) => answered(e) || retryLater(e), servers),
        "answers around the kill",
      )
      .toBe("");
    expect.soft(client.differences, "carts as their adds' answers say").toEqual([]);
    expect
      .soft(
        replayedByKill,
        `the balancer replayed requests the killed process held:\n${balancer.logs.join("\n")}`,
      )
      .toBeGreaterThan(0);
    // The submit is sent 5 ms before the kill: almost always still in the dead process's hands
    // (no answer), but a quick process may have answered it first. Either way its repeat below must
    // find the one order it made, which the invariants check.
    expect
      .soft(
        ["network", 200].includes(cutOffAnswer.status as string | number),
        `the submit in flight on the killed process got no answer, or its order: ${String(cutOffAnswer.status)}`,
      )
      .toBe(true);
    if (cutOffAnswer.status === 200)
      console.info("[drill cluster] the cut-off submit was answered before the kill");
    expect
      .soft(
        repeated.status,
        `the cut-off submit repeated through the balancer: ${JSON.stringify(repeated.json)}`,
      )
      .toBe(200);
    expect.soft(secondStream.servedBy, "the stream reconnected to a surviving process").not.toBe(victim.name);
    expect.soft(heardAfterKill.at).toBeGreaterThan(secondStream.openedAt);

    // The drain: no client sees an error, and the process exits in time, cleanly.
    const aroundDrain = log.all.filter((e) => e.startedAt >= termAt - 1000);
    expect.soft(disallowed(aroundDrain, answered, servers), "answers around the SIGTERM").toBe("");
    expect.soft(drained, "the drained process exits cleanly").toEqual({ code: 0, signal: null });
    expect.soft(drainMs, "and within SHUTDOWN_TIMEOUT_MS").toBeLessThanOrEqual(SHUTDOWN_TIMEOUT_MS);
    expect
      .soft(drainMs, "after serving on through SHUTDOWN_DELAY_MS")
      .toBeGreaterThanOrEqual(SHUTDOWN_DELAY_MS);
    expect.soft(thirdStream.servedBy, "the stream reconnected to the last process").toBe(survivor.name);
    expect.soft(heardAfterDrain.at).toBeGreaterThan(thirdStream.openedAt);
    expect.soft(survivor.running()).toBe(true);

    console.info(
      `[drill cluster] ${JSON.stringify({
        ...summary,
        killed: victim.name,
        drained: drainee.name,
        drainMs,
        noticedKillMs: noticedAt - killedAt,
        streams: realtime.connections.map((c) => c.servedBy),
        balancerLogLines: balancer.logs.length,
        failedExchanges: log.all.filter((e) => !answered(e)).length,
        exchanges: log.all.length,
        addsAnswered: client.addsAnswered,
        replayedByKill,
        phases,
        replayed: replayed(balancer.logs),
      })}`,
    );
  });
});
