// Paying online (docs/payments.md), end to end over real HTTP: the shop configured with a
// PayFast (the built-in sandbox, on a server of its own as PayFast would be), a payment started
// through the API, the sandbox's payment page posted to and paid as a browser would, and the ITN
// it sends believed only after its checks. Replays, tampering, races and expiry are tried.
import { createServer } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_MERCHANT } from "../../config";
import { creditPosition } from "../accounts";
import { releaseUnpaidOrders } from "../orders";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { customerOf, findSku, stockOf } from "../../../test/fixtures";
import { commandFrom, fillCart } from "../../../test/orders";
import { itnSignature, parseForm } from "./payfast";
import { registerPayFastSandbox, SANDBOX_PREFIX, type PayFastSandbox } from "./sandbox";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let t: TestApp;
let payfast: FastifyInstance;
let sandbox: PayFastSandbox;
let shopUrl: string;
let trader: string;
let spaza: string;

beforeAll(async () => {
  const [shopPort, payfastPort] = [await freePort(), await freePort()];
  shopUrl = `http://127.0.0.1:${shopPort}`;
  payfast = Fastify();
  sandbox = registerPayFastSandbox(payfast, SANDBOX_MERCHANT);
  await payfast.listen({ host: "127.0.0.1", port: payfastPort });
  t = await createTestApp({
    env: {
      PUBLIC_URL: shopUrl,
      PAYFAST_MERCHANT_ID: SANDBOX_MERCHANT.merchantId,
      PAYFAST_MERCHANT_KEY: SANDBOX_MERCHANT.merchantKey,
      PAYFAST_PASSPHRASE: SANDBOX_MERCHANT.passphrase,
      PAYFAST_URL: `http://127.0.0.1:${payfastPort}${SANDBOX_PREFIX}`,
    },
  });
  await t.app.listen({ host: "127.0.0.1", port: shopPort });
  trader = await t.login("trader");
  spaza = await t.login("spaza");
}, 60_000);

afterAll(async () => {
  await t?.close();
  await payfast?.close();
});

interface Redirect {
  reference: string;
  amount: number;
  action: string;
  fields: { name: string; value: string }[];
}

async function start(token: string, body: object): Promise<Redirect> {
  const res = await t.request({ method: "POST", url: "/api/Payments", token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What a browser does on the payment page: post the form, then press a button. */
async function payAtPayFast(redirect: Redirect, choice: "pay" | "decline" | "cancel"): Promise<string> {
  const pageRes = await fetch(redirect.action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(redirect.fields.map((f): [string, string] => [f.name, f.value])).toString(),
  });
  const html = await pageRes.text();
  expect(pageRes.status, html).toBe(200);
  const action = /action="([^"]+)"/.exec(html)![1]!;
  const chosen = await fetch(new URL(action, redirect.action), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `choice=${choice}`,
    redirect: "manual",
  });
  expect(chosen.status).toBe(303);
  return chosen.headers.get("location")!;
}

const notify = (body: string) =>
  fetch(`${shopUrl}/api/Payments/PayFast/Notify`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });

async function refusedFor(answer: Promise<Response>, field: string, message: RegExp) {
  const res = await answer;
  expect(res.status).toBe(400);
  const body = (await res.json()) as { errors: Record<string, string[]> };
  expect(body.errors[field]?.[0]).toMatch(message);
}

const lastItn = () => sandbox.itns.at(-1)!.body;

/** The ITN with `changes` made, signed again with the passphrase (which an attacker might know). */
function resigned(body: string, changes: Record<string, string>): string {
  const fields = parseForm(body)
    .filter(([name]) => name !== "signature")
    .map(([name, value]) => [name, changes[name] ?? value] as const);
  const params = new URLSearchParams(fields.map(([n, v]): [string, string] => [n, v]));
  params.append("signature", itnSignature(fields, SANDBOX_MERCHANT.passphrase));
  return params.toString();
}

async function getPayment(token: string, reference: string) {
  const res = await t.request({ method: "GET", url: `/api/Payments/${reference}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { status: string; amount: number; gatewayId: string | null; orderId: number | null };
}

async function ledgerOf(reference: string) {
  return t.database.db
    .selectFrom("accountDocuments")
    .selectAll()
    .where("reference", "=", reference)
    .execute();
}

async function balanceOf(username: string) {
  return Number((await customerOf(t.database.db, username)).dcBalanceCents);
}

/** Gives the account a balance owed of `cents`, as an invoice from the back office would. */
async function owe(username: string, cents: number) {
  const customer = await customerOf(t.database.db, username);
  await sql`UPDATE customers SET dc_balance_cents = ${cents} WHERE id = ${customer.id}`.execute(
    t.database.db,
  );
}

describe("paying the balance online", () => {
  it("shows the Pay option, the balance due, the bank details and the reference", async () => {
    await owe("trader", 150_000);
    const res = await t.request({ method: "GET", url: "/api/Payments/Options", token: trader });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      online: true,
      minimum: 50,
      balanceDue: 1500,
      reference: "CUS0001",
      bank: { accountNumber: expect.any(String), branchCode: expect.any(String) },
    });
  });

  it("refuses amounts below R50 or above the balance due, and starts nothing", async () => {
    await owe("trader", 150_000);
    const before = await t.database.db
      .selectFrom("payments")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    for (const amount of [49.99, 1500.01]) {
      const res = await t.request({ method: "POST", url: "/api/Payments", token: trader, body: { amount } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.amount[0]).toMatch(/R50\.00 up to R1 500\.00/);
    }
    const after = await t.database.db
      .selectFrom("payments")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("pays at PayFast, and the ITN puts it on the ledger once, lowering the balance, with its receipt and back-office report", async () => {
    await owe("trader", 150_000);
    const redirect = await start(trader, { amount: 400.5 });
    expect(redirect.fields.map((f) => f.name)).toContain("signature");
    const back = await payAtPayFast(redirect, "pay");
    expect(back).toBe(`${shopUrl}/payments/${redirect.reference}`);

    const payment = await getPayment(trader, redirect.reference);
    expect(payment).toMatchObject({ status: "Paid", amount: 400.5 });
    expect(await balanceOf("trader")).toBe(150_000 - 40_050);
    const documents = await ledgerOf(redirect.reference);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ kind: "payment", amountCents: 40_050 });
    const queued = await t.database.db
      .selectFrom("outbox")
      .select(["topic", "idempotencyKey"])
      .where("idempotencyKey", "in", [`payment:${redirect.reference}`, `receipt:${redirect.reference}`])
      .execute();
    expect(queued.map((q) => q.topic).sort()).toEqual(["backoffice.payment", "messaging.email"]);

    const receipt = await t.request({
      method: "GET",
      url: `/api/Payments/${redirect.reference}/Receipt`,
      token: trader,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");

    // PayFast repeats an ITN until it hears 200: a replay changes nothing, three at once neither.
    const replays = await Promise.all([notify(lastItn()), notify(lastItn()), notify(lastItn())]);
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await ledgerOf(redirect.reference)).toHaveLength(1);
    expect(await balanceOf("trader")).toBe(150_000 - 40_050);
  });

  it("refuses a tampered ITN: wrong signature, another amount, one PayFast did not send, an unknown payment", async () => {
    await owe("trader", 150_000);
    const redirect = await start(trader, { amount: 100 });
    await payAtPayFast(redirect, "decline");
    expect((await getPayment(trader, redirect.reference)).status).toBe("Failed");
    const failed = lastItn();
    const balance = await balanceOf("trader");

    // The declined card's ITN turned into a COMPLETE one without the passphrase: the signature is wrong.
    const forged = failed.replace("payment_status=FAILED", "payment_status=COMPLETE");
    await refusedFor(notify(forged), "signature", /signature is not right/);
    // Signed again with the passphrase, but for R1.00: not the payment's amount.
    await refusedFor(
      notify(resigned(failed, { payment_status: "COMPLETE", amount_gross: "1.00" })),
      "amount_gross",
      /not the payment's own/,
    );
    // Signed again and for the right amount, but PayFast never sent it: its validate call says INVALID.
    await refusedFor(
      notify(resigned(failed, { payment_status: "COMPLETE" })),
      "signature",
      /PayFast did not confirm/,
    );
    // For a payment the shop never started.
    const unknown = await notify(
      resigned(failed, { m_payment_id: "PAY-0000000000", payment_status: "COMPLETE" }),
    );
    expect(unknown.status).toBe(404);

    expect((await getPayment(trader, redirect.reference)).status).toBe("Failed");
    expect(await ledgerOf(redirect.reference)).toHaveLength(0);
    expect(await balanceOf("trader")).toBe(balance);
  });

  it("changes nothing when the payer cancels at PayFast", async () => {
    await owe("trader", 150_000);
    const redirect = await start(trader, { amount: 60 });
    const itnsBefore = sandbox.itns.length;
    const back = await payAtPayFast(redirect, "cancel");
    expect(back).toBe(`${shopUrl}/payments/${redirect.reference}?cancelled=1`);
    expect(sandbox.itns.length).toBe(itnsBefore);
    expect((await getPayment(trader, redirect.reference)).status).toBe("Started");
    expect(await balanceOf("trader")).toBe(150_000);
  });

  it("shows a payment to its own account only", async () => {
    await owe("trader", 150_000);
    const redirect = await start(trader, { amount: 75 });
    const res = await t.request({ method: "GET", url: `/api/Payments/${redirect.reference}`, token: spaza });
    expect(res.statusCode).toBe(404);
    const receipt = await t.request({
      method: "GET",
      url: `/api/Payments/${redirect.reference}/Receipt`,
      token: trader,
    });
    expect(receipt.statusCode).toBe(409);
    expect(receipt.json().code).toBe("not_paid");
  });
});

describe("an order over credit", () => {
  /** Leaves the trader R100.00 of remaining credit. */
  async function creditOf100() {
    const customer = await customerOf(t.database.db, "trader");
    const position = await creditPosition(t.database.db, customer.id);
    await t.database.db
      .updateTable("customers")
      .set({ creditLimitCents: position.creditLimitCents - position.remainingCreditCents + 10_000 })
      .where("id", "=", customer.id)
      .execute();
    return customer;
  }

  async function cartOverCredit(skip: number) {
    const customer = await customerOf(t.database.db, "trader");
    const sku = await findSku(t.database.db, {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: customer.tenantId,
      minStock: 40,
      deal: false,
      skip,
    });
    const cart = await fillCart(t, trader, [[sku.skuCode, 20]]);
    expect(cart.totalPriceIncl).toBeGreaterThan(100);
    return { cart, sku, customer };
  }

  const handOffs = (orderId: number) =>
    t.database.db
      .selectFrom("outbox")
      .select("status")
      .where("idempotencyKey", "=", `order:${orderId}`)
      .execute();

  it("is refused without choosing to pay, waits for the part over credit with its stock held, and is handed off once paid", async () => {
    await creditOf100();
    const { cart, sku, customer } = await cartOverCredit(0);
    const stockBefore = await stockOf(t.database.db, customer.stockingWarehouseCode, sku.skuCode);

    const refused = await t.request({
      method: "POST",
      url: "/api/Order",
      token: trader,
      body: commandFrom(cart),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("credit_exceeded");

    const placed = await t.request({
      method: "POST",
      url: "/api/Order",
      token: trader,
      body: commandFrom(cart, { payOverCredit: true }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json();
    expect(order.currentPastelStatus).toBe("Awaiting payment");
    const overCents = Math.round(order.totalPriceIncl * 100) - 10_000;
    expect(Math.round(order.amountToPay * 100)).toBe(overCents);
    expect(order.changeable).toBe(false);
    expect(order.cancel).toBe("now");
    expect(await handOffs(order.id)).toHaveLength(0);
    expect(await stockOf(t.database.db, customer.stockingWarehouseCode, sku.skuCode)).toBe(stockBefore - 20);

    const redirect = await start(trader, { orderId: order.id });
    expect(Math.round(redirect.amount * 100)).toBe(overCents);
    await payAtPayFast(redirect, "pay");
    await notify(lastItn());

    const paid = (
      await t.request({ method: "GET", url: `/api/Order/GetOrderById/${order.id}`, token: trader })
    ).json();
    expect(paid.currentPastelStatus).toBe("Pending");
    expect(paid.payfastPaymentId).toBe(sandbox.itns.at(-1)!.pfPaymentId);
    expect(await handOffs(order.id)).toHaveLength(1);
    const position = await creditPosition(t.database.db, customer.id);
    expect(position.remainingCreditCents).toBe(0);
    // Paying again for it is refused: it no longer waits.
    const again = await t.request({
      method: "POST",
      url: "/api/Payments",
      token: trader,
      body: { orderId: order.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("not_awaiting_payment");
  });

  it("is cancelled with its stock back when not paid in time; a late payment stays on the account", async () => {
    await creditOf100();
    const { cart, sku, customer } = await cartOverCredit(1);
    const stockBefore = await stockOf(t.database.db, customer.stockingWarehouseCode, sku.skuCode);
    const order = (
      await t.request({
        method: "POST",
        url: "/api/Order",
        token: trader,
        body: commandFrom(cart, { payOverCredit: true }),
      })
    ).json();
    const redirect = await start(trader, { orderId: order.id });
    await t.database.db
      .updateTable("orders")
      .set({ paymentDueAt: new Date(Date.now() - 1000) })
      .where("id", "=", order.id)
      .execute();
    expect(await releaseUnpaidOrders(t.database.db)).toBe(1);
    expect(await releaseUnpaidOrders(t.database.db)).toBe(0);
    expect(await stockOf(t.database.db, customer.stockingWarehouseCode, sku.skuCode)).toBe(stockBefore);

    const balance = await balanceOf("trader");
    await payAtPayFast(redirect, "pay");
    const late = (
      await t.request({ method: "GET", url: `/api/Order/GetOrderById/${order.id}`, token: trader })
    ).json();
    expect(late.currentPastelStatus).toBe("Cancelled");
    expect(await handOffs(order.id)).toHaveLength(0);
    expect(await balanceOf("trader")).toBe(balance - Math.round(redirect.amount * 100));
  });
});

describe("without PayFast", () => {
  it("offers no online payment and refuses one", async () => {
    const off = await createTestApp({ env: { PAYFAST_SANDBOX: "off" } });
    try {
      const token = await off.login("trader");
      const options = await off.request({ method: "GET", url: "/api/Payments/Options", token });
      expect(options.json().online).toBe(false);
      const res = await off.request({ method: "POST", url: "/api/Payments", token, body: { amount: 100 } });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("payments_unavailable");
    } finally {
      await off.close();
    }
  });
});
