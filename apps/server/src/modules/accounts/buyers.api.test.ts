import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCents } from "@trade-shop/contracts/common";
import type { AccountMembership, AccountPeople, InvitationDetails } from "@trade-shop/contracts/buyers";
import type { Order, OrderHistoryEntry } from "@trade-shop/contracts/orders";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../../test/test-app";
import { customerOf, extraLogin, findSku, stockOf } from "../../../test/fixtures";
import { commandFrom, fillCart } from "../../../test/orders";
import { releaseOverdueApprovals } from "../orders";

const NEW_PASSWORD = "Ordering-for-Thandi-2026";

describe("buyers of a customer account, their limits and the owner's approval", () => {
  let t: TestApp;
  let owner: string;
  let warehouse: string;
  let skip = 40;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.login("trader");
    warehouse = (await customerOf(t.database.db, "trader")).stockingWarehouseCode;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const get = (url: string, token?: string) => t.request({ method: "GET", url, ...(token ? { token } : {}) });
  const post = (url: string, body: object, token?: string) =>
    t.request({ method: "POST", url, body, ...(token ? { token } : {}) });

  /** A surname from the address's first part: "vusi.viewer@…" is "vusi viewer" (a name holds no dotted host). */
  const surnameOf = (email: string) => email.split("@")[0]!.replace(/\./g, " ");

  /** The invitation e-mail's link token for the address, read from the outbox as the mailer would send it. */
  async function invitationToken(email: string) {
    const { rows } = await sql<{ text: string }>`
      SELECT payload->>'text' AS text FROM outbox
       WHERE idempotency_key LIKE 'invitation:%' AND payload->>'to' = ${email}
       ORDER BY id DESC LIMIT 1`.execute(db());
    const match = /\/invitation\?token=([A-Za-z0-9_-]+)/.exec(rows[0]?.text ?? "");
    if (!match) throw new Error(`no invitation e-mail to ${email}`);
    return match[1]!;
  }

  async function invite(email: string, accountRole: "Buyer" | "Viewer", orderLimit: number | null) {
    const res = await post(
      "/api/Account/Buyers/Invite",
      { firstname: "Thandi", lastname: surnameOf(email), email, accountRole, orderLimit },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function joinAs(email: string, accountRole: "Buyer" | "Viewer", orderLimit: number | null) {
    await invite(email, accountRole, orderLimit);
    const token = await invitationToken(email);
    const accepted = await post("/api/Account/AcceptInvitation", {
      token,
      firstname: "Thandi",
      lastname: surnameOf(email),
      password: NEW_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return t.login(email, NEW_PASSWORD);
  }

  /** A cart of `packs` of a fresh SKU, and the SKU. */
  async function cartOf(token: string, packs: number) {
    const sku = await findSku(db(), {
      warehouseCode: warehouse,
      tenantId: "gauteng",
      skip: skip++,
      minStock: packs,
    });
    return { cart: await fillCart(t, token, [[sku.skuCode, packs]]), sku };
  }

  const handOffQueued = async (orderId: number) =>
    (await db()
      .selectFrom("outbox")
      .select("id")
      .where("idempotencyKey", "=", `order:${orderId}`)
      .executeTakeFirst()) !== undefined;

  it("invites a buyer by e-mail; the link shows the account and makes a login on it, once", async () => {
    const invitation = await invite("thandi.buyer@test.shop", "Buyer", 500);
    expect(invitation).toMatchObject({
      email: "thandi.buyer@test.shop",
      accountRole: "Buyer",
      orderLimit: 500,
    });
    const token = await invitationToken("thandi.buyer@test.shop");

    const details = await get(`/api/Account/Invitation?token=${token}`);
    expect(details.statusCode).toBe(200);
    const shown: InvitationDetails = details.json();
    const account = await customerOf(db(), "trader");
    expect(shown).toMatchObject({
      accountId: account.accountId,
      email: "thandi.buyer@test.shop",
      accountRole: "Buyer",
    });

    const accepted = await post("/api/Account/AcceptInvitation", {
      token,
      firstname: "Thandi",
      lastname: "Buyer",
      password: NEW_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ username: "thandi.buyer@test.shop" });

    // Spent: neither readable nor usable again.
    expect((await get(`/api/Account/Invitation?token=${token}`)).json().code).toBe("invitation_invalid");
    const again = await post("/api/Account/AcceptInvitation", {
      token,
      firstname: "X",
      lastname: "Y",
      password: NEW_PASSWORD,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("invitation_invalid");

    const buyer = await t.login("thandi.buyer@test.shop", NEW_PASSWORD);
    const membership: AccountMembership = (await get("/api/Account/Membership", buyer)).json();
    expect(membership).toMatchObject({ accountRole: "Buyer", orderLimit: 500 });
    expect(membership.ownerName.length).toBeGreaterThan(0);
    // The buyer shops on the account: its cart is priced for it.
    expect((await get("/api/Cart/GetUserCart", buyer)).statusCode).toBe(200);

    const people: AccountPeople = (await get("/api/Account/Buyers", owner)).json();
    expect(people.users[0]!.accountRole).toBe("Owner");
    expect(people.users.map((u) => u.email)).toContain("thandi.buyer@test.shop");
    expect(people.invitations.map((i) => i.email)).not.toContain("thandi.buyer@test.shop");
  });

  it("refuses a withdrawn or expired invitation link, and an address that already has a login", async () => {
    const withdrawn = await invite("withdrawn@test.shop", "Buyer", null);
    const withdrawnToken = await invitationToken("withdrawn@test.shop");
    expect(
      (await t.request({ method: "DELETE", url: `/api/Account/Invitations/${withdrawn.id}`, token: owner }))
        .statusCode,
    ).toBe(200);
    expect((await get(`/api/Account/Invitation?token=${withdrawnToken}`)).statusCode).toBe(404);

    await invite("late@test.shop", "Viewer", null);
    const lateToken = await invitationToken("late@test.shop");
    await sql`UPDATE account_invitations SET expires_at = now() - interval '1 minute' WHERE email = 'late@test.shop'`.execute(
      db(),
    );
    const late = await post("/api/Account/AcceptInvitation", {
      token: lateToken,
      firstname: "L",
      lastname: "Ate",
      password: NEW_PASSWORD,
    });
    expect(late.json().code).toBe("invitation_invalid");
    expect(
      await db().selectFrom("users").select("id").where("email", "=", "late@test.shop").executeTakeFirst(),
    ).toBeUndefined();

    const spaza = await db()
      .selectFrom("users")
      .select("email")
      .where("username", "=", "spaza")
      .executeTakeFirstOrThrow();
    // An address that already has a login: the owner is answered as for any other (nothing
    // tells them who uses the shop); the address's holder is told, with no link to follow.
    const taken = await post(
      "/api/Account/Buyers/Invite",
      { firstname: "S", lastname: "Paza", email: spaza.email, accountRole: "Buyer", orderLimit: null },
      owner,
    );
    const fresh = await post(
      "/api/Account/Buyers/Invite",
      {
        firstname: "N",
        lastname: "Ew",
        email: "nobody.yet@test.shop",
        accountRole: "Buyer",
        orderLimit: null,
      },
      owner,
    );
    expect(taken.statusCode, taken.body).toBe(200);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(taken.json()).toMatchObject({ email: spaza.email.toLowerCase(), accountRole: "Buyer" });
    const { rows } = await sql<{ subject: string; text: string }>`
      SELECT payload->>'subject' AS subject, payload->>'text' AS text FROM outbox
       WHERE idempotency_key LIKE 'invitation:%' AND payload->>'to' = ${spaza.email.toLowerCase()}`.execute(
      db(),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toMatch(/tried to invite you/);
    expect(rows[0]!.text).toMatch(/already has a Trade Shop login/);
    expect(rows[0]!.text).not.toMatch(/token=/);
  });

  it("refuses links and e-mail addresses in an invitee's name, which the shop would mail to them", async () => {
    for (const [firstname, lastname] of [
      ["URGENT: verify your bank details at http://evil.example/x", "M"],
      ["Lerato", "see www.example.com"],
      ["Lerato", "mail me at x@evil.example"],
      ["Lerato", "bank-verify.co.za"],
    ]) {
      const res = await post(
        "/api/Account/Buyers/Invite",
        { firstname, lastname, email: "named@test.shop", accountRole: "Buyer", orderLimit: null },
        owner,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.values(res.json().errors).flat()).toContain(
        "Enter a name without links or e-mail addresses",
      );
    }
    // Names people have pass.
    const res = await post(
      "/api/Account/Buyers/Invite",
      {
        firstname: "Nomsa-Jane",
        lastname: "van der Merwe-O'Neill",
        email: "named@test.shop",
        accountRole: "Buyer",
        orderLimit: null,
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it("lets only the owner manage buyers and decide on orders", async () => {
    const buyer = await extraLogin(t, "trader", "plain-buyer");
    for (const res of [
      await get("/api/Account/Buyers", buyer),
      await post(
        "/api/Account/Buyers/Invite",
        { firstname: "A", lastname: "B", email: "a.b@test.shop", accountRole: "Buyer", orderLimit: null },
        buyer,
      ),
      await post("/api/Order/1/Approve", {}, buyer),
      await post("/api/Order/1/Reject", { reason: "no" }, buyer),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("owner_only");
    }
    // Staff have no customer account at all.
    const staff = await t.login("staff");
    expect((await get("/api/Account/Buyers", staff)).json().code).toBe("not_a_customer");
  });

  it("does not let a viewer order: the cart stays and no order is written", async () => {
    const viewer = await joinAs("vusi.viewer@test.shop", "Viewer", null);
    const { cart } = await cartOf(viewer, 1);
    const before = await db()
      .selectFrom("orders")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    const res = await post("/api/Order", commandFrom(cart), viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("viewer_cannot_order");
    const after = await db()
      .selectFrom("orders")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await get("/api/Cart/GetUserCart", viewer)).json().cartItems).toHaveLength(1);
    expect(((await get("/api/Account/Membership", viewer)).json() as AccountMembership).accountRole).toBe(
      "Viewer",
    );
  });

  it("places an order within the limit straight away, and one over it as Awaiting approval with stock and credit held", async () => {
    const buyer = await joinAs("limited.buyer@test.shop", "Buyer", 500);
    const small = await cartOf(buyer, 1);
    expect(toCents(small.cart.totalPriceIncl)).toBeLessThanOrEqual(50_000);
    const within: Order = (await post("/api/Order", commandFrom(small.cart), buyer)).json();
    expect(within.currentPastelStatus).toBe("Pending");
    expect(await handOffQueued(within.id)).toBe(true);

    const creditBefore = (await post("/api/Users/GetCreditDetails", {}, owner)).json();
    const big = await cartOf(buyer, 20);
    expect(toCents(big.cart.totalPriceIncl)).toBeGreaterThan(50_000);
    const res = await post("/api/Order", commandFrom(big.cart), buyer);
    expect(res.statusCode, res.body).toBe(200);
    const waiting: Order = res.json();
    expect(waiting.currentPastelStatus).toBe("Awaiting approval");
    expect(waiting.placedBy).toBe("Thandi limited buyer");
    expect(Date.parse(waiting.approvalDueAt!) - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(await handOffQueued(waiting.id)).toBe(false);
    expect(await stockOf(db(), warehouse, big.sku.skuCode)).toBe(big.sku.onHand - 20);
    const creditAfter = (await post("/api/Users/GetCreditDetails", {}, owner)).json();
    expect(toCents(creditBefore.remainingCredit) - toCents(creditAfter.remainingCredit)).toBe(
      toCents(waiting.totalPriceIncl),
    );

    const asked = await db()
      .selectFrom("outbox")
      .select(sql<string>`payload->>'to'`.as("to"))
      .where("idempotencyKey", "=", `approval-request:${waiting.id}`)
      .executeTakeFirst();
    const ownerEmail = await db()
      .selectFrom("users")
      .select("email")
      .where("username", "=", "trader")
      .executeTakeFirstOrThrow();
    expect(asked?.to).toBe(ownerEmail.email);

    // The back office cannot move an order it never had.
    const approve = await post(`/api/Order/${waiting.id}/Approve`, {}, owner);
    expect(approve.statusCode, approve.body).toBe(200);
    const approved: Order = approve.json();
    expect(approved.currentPastelStatus).toBe("Pending");
    expect(approved.decidedBy).toBeTruthy();
    expect(approved.decidedAt).toBeTruthy();
    expect(await handOffQueued(waiting.id)).toBe(true);
    const history = await db()
      .selectFrom("orderStatusHistory")
      .select(["status", "changedBy"])
      .where("orderId", "=", waiting.id)
      .orderBy("id")
      .execute();
    const ownerId = (
      await db().selectFrom("users").select("id").where("username", "=", "trader").executeTakeFirstOrThrow()
    ).id;
    expect(history).toEqual([
      { status: "Awaiting approval", changedBy: null },
      { status: "Pending", changedBy: ownerId },
    ]);

    // Deciding twice decides once.
    const twice = await post(`/api/Order/${waiting.id}/Approve`, {}, owner);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("not_awaiting_approval");
    expect(await stockOf(db(), warehouse, big.sku.skuCode)).toBe(big.sku.onHand - 20);
  });

  it("releases the stock and credit of a rejected order and tells the buyer why", async () => {
    const buyer = await joinAs("rejected.buyer@test.shop", "Buyer", 0);
    const { cart, sku } = await cartOf(buyer, 3);
    const waiting: Order = (await post("/api/Order", commandFrom(cart), buyer)).json();
    expect(waiting.currentPastelStatus).toBe("Awaiting approval");
    expect(await stockOf(db(), warehouse, sku.skuCode)).toBe(sku.onHand - 3);
    const creditHeld = (await post("/api/Users/GetCreditDetails", {}, owner)).json();

    const noReason = await post(`/api/Order/${waiting.id}/Reject`, { reason: " " }, owner);
    expect(noReason.statusCode).toBe(400);
    const res = await post(`/api/Order/${waiting.id}/Reject`, { reason: "We have enough chips" }, owner);
    expect(res.statusCode, res.body).toBe(200);
    const rejected: Order = res.json();
    expect(rejected.currentPastelStatus).toBe("Rejected");
    expect(rejected.statusReason).toContain("We have enough chips");
    expect(await stockOf(db(), warehouse, sku.skuCode)).toBe(sku.onHand);
    expect(await handOffQueued(waiting.id)).toBe(false);
    const creditFreed = (await post("/api/Users/GetCreditDetails", {}, owner)).json();
    expect(toCents(creditFreed.remainingCredit) - toCents(creditHeld.remainingCredit)).toBe(
      toCents(waiting.totalPriceIncl),
    );
    const told = await db()
      .selectFrom("outbox")
      .select(sql<string>`payload->>'text'`.as("text"))
      .where("idempotencyKey", "=", `approval-rejected:${waiting.id}`)
      .executeTakeFirstOrThrow();
    expect(told.text).toContain("We have enough chips");
    // Rejecting again changes nothing, and never puts the stock back twice.
    expect((await post(`/api/Order/${waiting.id}/Reject`, { reason: "again" }, owner)).statusCode).toBe(409);
    expect(await stockOf(db(), warehouse, sku.skuCode)).toBe(sku.onHand);
  });

  it("rejects an order nobody approved in time and puts its stock back", async () => {
    const buyer = await joinAs("slow.approval@test.shop", "Buyer", 0);
    const { cart, sku } = await cartOf(buyer, 2);
    const waiting: Order = (await post("/api/Order", commandFrom(cart), buyer)).json();
    await releaseOverdueApprovals(db(), { publicUrl: "http://127.0.0.1" });
    expect((await get(`/api/Order/GetOrderById/${waiting.id}`, owner)).json().currentPastelStatus).toBe(
      "Awaiting approval",
    );

    await sql`UPDATE orders SET approval_due_at = now() - interval '1 second' WHERE id = ${waiting.id}`.execute(
      db(),
    );
    expect(await releaseOverdueApprovals(db(), { publicUrl: "http://127.0.0.1" })).toBe(1);
    const released: Order = (await get(`/api/Order/GetOrderById/${waiting.id}`, owner)).json();
    expect(released.currentPastelStatus).toBe("Rejected");
    expect(released.statusReason).toContain("Not approved in time");
    expect(await stockOf(db(), warehouse, sku.skuCode)).toBe(sku.onHand);
    expect((await post(`/api/Order/${waiting.id}/Approve`, {}, owner)).json().code).toBe(
      "not_awaiting_approval",
    );
  });

  it("checks the liquor licence again at approval: liquor waits while the licence has expired", async () => {
    const buyer = await joinAs("liquor.buyer@test.shop", "Buyer", 0);
    const sku = await findSku(db(), {
      warehouseCode: warehouse,
      tenantId: "gauteng",
      liquor: true,
      minStock: 2,
    });
    const cart = await fillCart(t, buyer, [[sku.skuCode, 1]]);
    const waiting: Order = (await post("/api/Order", commandFrom(cart), buyer)).json();
    expect(waiting.currentPastelStatus).toBe("Awaiting approval");

    const account = (await customerOf(db(), "trader")).id;
    const { rows } = await sql<{ expiresOn: string | null }>`
      SELECT liquor_licence_expires_on::text AS "expiresOn" FROM customers WHERE id = ${account}`.execute(
      db(),
    );
    await sql`UPDATE customers SET liquor_licence_expires_on = (now() AT TIME ZONE 'Africa/Johannesburg')::date - 1
               WHERE id = ${account}`.execute(db());
    try {
      const refused = await post(`/api/Order/${waiting.id}/Approve`, {}, owner);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe("liquor_licence_expired");
      const still: Order = (await get(`/api/Order/GetOrderById/${waiting.id}`, owner)).json();
      expect(still.currentPastelStatus).toBe("Awaiting approval");
      expect(await handOffQueued(waiting.id)).toBe(false);
    } finally {
      await sql`UPDATE customers SET liquor_licence_expires_on = ${rows[0]?.expiresOn ?? null}::date
                 WHERE id = ${account}`.execute(db());
    }

    // With the licence on record again, the same order is approved and handed off.
    const approved = await post(`/api/Order/${waiting.id}/Approve`, {}, owner);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as Order).currentPastelStatus).toBe("Pending");
    expect(await handOffQueued(waiting.id)).toBe(true);
  });

  it("checks credit again at approval: an account over its limit since placing cannot approve", async () => {
    const buyer = await joinAs("credit.buyer@test.shop", "Buyer", 0);
    const { cart } = await cartOf(buyer, 2);
    const waiting: Order = (await post("/api/Order", commandFrom(cart), buyer)).json();
    expect(waiting.currentPastelStatus).toBe("Awaiting approval");
    const account = (await customerOf(db(), "trader")).id;
    const credit = (await post("/api/Users/GetCreditDetails", {}, owner)).json();
    const { rows } = await sql<{ balance: number }>`
      SELECT dc_balance_cents AS balance FROM customers WHERE id = ${account}`.execute(db());
    // An invoice the back office booked since: one cent more than the credit left.
    const grown = rows[0]!.balance + toCents(credit.remainingCredit) + 1;
    await sql`UPDATE customers SET dc_balance_cents = ${grown} WHERE id = ${account}`.execute(db());
    try {
      const refused = await post(`/api/Order/${waiting.id}/Approve`, {}, owner);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe("credit_exceeded");
      expect(refused.json().orderTotal).toBe(waiting.totalPriceIncl);
      expect(await handOffQueued(waiting.id)).toBe(false);
      const inbox = (await get("/api/Order/Approvals", owner)).json();
      expect(inbox.items.map((i: { id: number }) => i.id)).toContain(waiting.id);
    } finally {
      await sql`UPDATE customers SET dc_balance_cents = ${rows[0]!.balance} WHERE id = ${account}`.execute(
        db(),
      );
    }
    const approved = await post(`/api/Order/${waiting.id}/Approve`, {}, owner);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await handOffQueued(waiting.id)).toBe(true);
  });

  it("lists the orders waiting for the owner, the first to be released first, to the owner only", async () => {
    const buyer = await joinAs("inbox.buyer@test.shop", "Buyer", 100);
    const first = await cartOf(buyer, 3);
    const older: Order = (await post("/api/Order", commandFrom(first.cart), buyer)).json();
    const second = await cartOf(buyer, 4);
    const newer: Order = (await post("/api/Order", commandFrom(second.cart), buyer)).json();
    await sql`UPDATE orders SET approval_due_at = approval_due_at - interval '1 hour' WHERE id = ${older.id}`.execute(
      db(),
    );
    const res = await get("/api/Order/Approvals", owner);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: { id: number }[] }).items.filter((i) =>
      [older.id, newer.id].includes(i.id),
    );
    expect(items).toEqual([
      expect.objectContaining({
        id: older.id,
        orderId: older.orderId,
        placedBy: "Thandi inbox buyer",
        totalPriceIncl: older.totalPriceIncl,
        lineCount: 1,
        buyerOrderLimit: 100,
      }),
      expect.objectContaining({ id: newer.id, totalPriceIncl: newer.totalPriceIncl }),
    ]);
    // The buyer has no inbox, and another account's owner never sees these.
    expect((await get("/api/Order/Approvals", buyer)).json().code).toBe("owner_only");
    const other = (await get("/api/Order/Approvals", await t.login("spaza"))).json();
    expect(other.items.map((i: { id: number }) => i.id)).not.toContain(older.id);
    // Decided orders leave the inbox.
    await post(`/api/Order/${older.id}/Reject`, { reason: "Too much" }, owner);
    const after = (await get("/api/Order/Approvals", owner)).json();
    expect(after.items.map((i: { id: number }) => i.id)).not.toContain(older.id);
    expect(after.items.map((i: { id: number }) => i.id)).toContain(newer.id);
  });

  it("keeps another account's owner out of this account's orders", async () => {
    const buyer = await joinAs("guarded.buyer@test.shop", "Buyer", 0);
    const { cart } = await cartOf(buyer, 1);
    const waiting: Order = (await post("/api/Order", commandFrom(cart), buyer)).json();
    const otherOwner = await t.login("spaza");
    const res = await post(`/api/Order/${waiting.id}/Approve`, {}, otherOwner);
    expect(res.statusCode).toBe(404);
    expect((await get(`/api/Order/GetOrderById/${waiting.id}`, owner)).json().currentPastelStatus).toBe(
      "Awaiting approval",
    );
  });

  it("shows who placed each order and filters the history by buyer", async () => {
    const buyer = await joinAs("history.buyer@test.shop", "Buyer", null);
    const { cart } = await cartOf(buyer, 1);
    const placed: Order = (await post("/api/Order", commandFrom(cart), buyer)).json();
    const buyerId = (
      await db()
        .selectFrom("users")
        .select("id")
        .where("username", "=", "history.buyer@test.shop")
        .executeTakeFirstOrThrow()
    ).id;

    const all: OrderHistoryEntry[] = (await get("/api/Order", owner)).json();
    expect(all.find((o) => o.id === placed.id)?.placedBy).toBe("Thandi history buyer");
    expect(new Set(all.map((o) => o.placedBy)).size).toBeGreaterThan(1);

    const mine: OrderHistoryEntry[] = (await get(`/api/Order?placedByUserId=${buyerId}`, owner)).json();
    expect(mine.map((o) => o.id)).toEqual([placed.id]);
  });

  it("changes a buyer's limit and removes a buyer: the login ends at once and the orders keep the name", async () => {
    const buyer = await joinAs("leaving.buyer@test.shop", "Buyer", null);
    const { cart } = await cartOf(buyer, 1);
    const placed: Order = (await post("/api/Order", commandFrom(cart), buyer)).json();
    const id = (
      await db()
        .selectFrom("users")
        .select("id")
        .where("username", "=", "leaving.buyer@test.shop")
        .executeTakeFirstOrThrow()
    ).id;

    const changed = await t.request({
      method: "PUT",
      url: `/api/Account/Buyers/${id}`,
      token: owner,
      body: { accountRole: "Viewer", orderLimit: 120.5 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ accountRole: "Viewer", orderLimit: 120.5 });
    const ownerId = (
      await db().selectFrom("users").select("id").where("username", "=", "trader").executeTakeFirstOrThrow()
    ).id;
    // The owner is not one of the buyers to change or remove.
    expect(
      (await t.request({ method: "DELETE", url: `/api/Account/Buyers/${ownerId}`, token: owner })).statusCode,
    ).toBe(404);

    const removed = await t.request({ method: "DELETE", url: `/api/Account/Buyers/${id}`, token: owner });
    expect(removed.statusCode).toBe(200);
    expect((await get("/api/Cart/GetUserCart", buyer)).statusCode).toBe(401);
    const login = await post("/api/Users/Authenticate", {
      username: "leaving.buyer@test.shop",
      password: NEW_PASSWORD,
    });
    expect(login.statusCode).not.toBe(200);
    const people: AccountPeople = (await get("/api/Account/Buyers", owner)).json();
    expect(people.users.map((u) => u.userId)).not.toContain(id);
    expect((await get(`/api/Order/GetOrderById/${placed.id}`, owner)).json().placedBy).toBe(
      "Thandi leaving buyer",
    );
  });

  it("is refused to visitors, who can only read and accept invitations", async () => {
    expect((await get("/api/Account/Buyers")).statusCode).toBe(401);
    expect((await get("/api/Account/Invitation?token=nonsense")).json().code).toBe("invitation_invalid");
    const weak = await post("/api/Account/AcceptInvitation", {
      token: "nonsense",
      firstname: "A",
      lastname: "B",
      password: "short",
    });
    expect(weak.statusCode).toBe(400);
    expect(DEMO_PASSWORD).not.toBe(NEW_PASSWORD);
  });
});
