// Drill: the server process is killed (kill -9) while shoppers are placing orders and the back
// office has hand-offs in hand, then started again on the same database. Every order a client
// was told about exists exactly once; a submit cut off by the kill, repeated with the same
// orderReference, makes one order; the hand-offs the dead process had claimed are taken over
// once their lease ends (OUTBOX_LEASE_MS, its default 3 s); every order is handed off within 5 s
// of the restarted process being ready (or of being placed, if later), nothing is left waiting
// 5 s after the load, and the invariants hold.
import { describe, expect, it, onTestFinished } from "vitest";
import { Order } from "@trade-shop/contracts/orders";
import { BACKOFFICE_TOPIC } from "../apps/server/src/modules/backoffice";
import { backOfficeEnv, startBackOffice } from "./support/back-office";
import { repeatUntilAnswered, submitAboutToBeCut } from "./support/cut-off";
import { createDrillDatabase, prepareShoppers, takeAmpleShopper } from "./support/database";
import { answered, disallowed } from "./support/exchanges";
import { checkInvariants, handOffTiming, waitForHandOffs } from "./support/invariants";
import { startOrderLoad } from "./support/order-load";
import { orders, shoppers } from "./support/scale";
import { startDrillServer } from "./support/servers";
import { ExchangeLog, ShopClient, sleep } from "./support/shop-client";

const SHOPPERS = shoppers(10);
/** Every order is handed off within this long of the restart (or of being placed). */
const HAND_OFF_BUDGET_MS = 5000;
/** Nothing is left waiting this long after the load ends. */
const SETTLE_MS = 5000;

describe("kill -9 under order load, then a restart", () => {
  it("every acknowledged order exists once, a cut-off submit repeated makes one order, and the dead process's hand-offs are taken over within the lease", async () => {
    const drill = await createDrillDatabase("kill");
    onTestFinished(() => drill.drop());
    const people = await prepareShoppers(drill, SHOPPERS + 1);
    // A back office that takes a quarter of a second per order, so hand-offs are in hand at the kill.
    const backOffice = await startBackOffice({ delayMs: 250 });
    onTestFinished(() => backOffice.close());
    const env = backOfficeEnv(backOffice);
    const first = await startDrillServer("shop", drill, env);
    onTestFinished(async () => void (await first.stop()));
    const log = new ExchangeLog();
    const client = new ShopClient(first.url, log);
    const loggedIn = await Promise.all(
      people.map(async (p) => ({ ...p, token: await client.login(p.username) })),
    );
    // One shopper stays out of the load: its submit is the one in flight when the process dies.
    // Its customer has plenty of credit, so the repeat cannot be refused for what its
    // partner login ordered meanwhile.
    const cutOff = takeAmpleShopper(loggedIn);
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
    await load.waitForAcknowledged(orders(25), 30_000);

    const cutOffSubmit = await submitAboutToBeCut(client, cutOff, first.url);
    const killedAt = Date.now();
    first.signal("SIGKILL");
    const exit = await first.exited;
    const cutOffAnswer = await cutOffSubmit.answer;
    const { command } = cutOffSubmit;
    const claimed = await drill.database.db
      .selectFrom("outbox")
      .select(["id", "idempotencyKey", "availableAt as leaseEnds"])
      .where("topic", "=", BACKOFFICE_TOPIC)
      .where("status", "=", "pending")
      .where("claimedBy", "is not", null)
      .execute();

    await sleep(500);
    const second = await startDrillServer("shop-restarted", drill, env, { port: first.port });
    onTestFinished(async () => void (await second.stop()));
    const readyAt = Date.now();

    const repeated = await repeatUntilAnswered(client, cutOff, command);
    await load.waitForAcknowledged(load.acknowledged() + orders(25), 30_000);
    const submits = await load.stop();
    await waitForHandOffs(drill, SETTLE_MS);
    expect(
      repeated.status,
      `the cut-off submit repeated after the restart: ${JSON.stringify(repeated.json)}`,
    ).toBe(200);
    const cutOffOrder = Order.parse(repeated.json);
    const allSubmits = [
      ...submits,
      {
        shopper: cutOff.username,
        orderReference: command.orderReference,
        outcome: "acknowledged" as const,
        orderId: cutOffOrder.id,
        attempts: 2,
        startedAt: killedAt,
        endedAt: Date.now(),
      },
    ];
    const summary = await checkInvariants(drill, allSubmits, backOffice);

    expect(exit.signal).toBe("SIGKILL");
    expect(cutOffAnswer.status, "the submit in flight got no answer from the killed process").toBe("network");
    expect(cutOffOrder.orderReference).toBe(command.orderReference);

    // Only the kill may cut a request off; nothing answers 5xx.
    const crashWindow = (e: { status: unknown; startedAt: number; ms: number }) =>
      e.status === "network" && e.startedAt + e.ms >= killedAt && e.startedAt <= readyAt;
    expect(disallowed(log.all, (e) => answered(e) || crashWindow(e), [first, second])).toBe("");

    expect(
      claimed.length,
      "hand-offs were in the killed process's hands (raise the load if not)",
    ).toBeGreaterThan(0);
    const takenOver = await drill.database.db
      .selectFrom("outbox")
      .select(["id", "status", "processedAt"])
      .where(
        "id",
        "in",
        claimed.map((c) => c.id),
      )
      .execute();
    const late = claimed.flatMap((c) => {
      const row = takenOver.find((t) => t.id === c.id);
      // Its lease (3 s at most from the kill) ran out, or the restarted process is ready: the
      // claim moves within two seconds of the one, within the budget of the other.
      const due = Math.max(c.leaseEnds.getTime() + 2000, readyAt + HAND_OFF_BUDGET_MS);
      return row?.status === "done" && row.processedAt && row.processedAt.getTime() <= due
        ? []
        : [{ ...c, row, due: new Date(due) }];
    });
    expect(
      late,
      "each claimed hand-off was done within two seconds of its lease's end (5 s of the restart)",
    ).toEqual([]);
    const takeoverMs = takenOver.map((t) => (t.processedAt?.getTime() ?? Infinity) - killedAt);
    const timing = await handOffTiming(
      drill,
      [{ what: "killed", from: killedAt, to: readyAt }],
      HAND_OFF_BUDGET_MS,
    );
    expect(timing.late, `hand-offs done more than ${HAND_OFF_BUDGET_MS} ms after the restart`).toEqual([]);
    console.info(
      `[drill kill] ${JSON.stringify({ ...summary, claimedAtKill: claimed.length, takeoverMsMax: Math.max(...takeoverMs), restartMs: readyAt - killedAt, caughtUpMs: timing.caughtUpMs, firstAfterMs: timing.firstAfterMs })}`,
    );
  });
});
