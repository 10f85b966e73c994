import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CreditDetails, CustomerDetails } from "@trade-shop/contracts/accounts";
import { getCreditDetailsQueryOptions, getCustomerDetailsQueryOptions } from "@/entities/account";
import { getOrderQueryOptions, getOrdersQueryOptions } from "@/entities/orders";
import { order } from "@/features/orders/order.fixture";
import { applyChange, applyReady, type liveReadsAge as LiveReadsAge } from "./apply-change";

const SHOPPER = "1@gauteng";
const account = {
  accountId: "CUS0001",
  principleId: "gauteng",
  remainingCredit: 900,
  totalCredit: 1500,
  dcBalance: 400,
};

function client() {
  // No query functions run: nothing here is observed, so invalidation only marks entries stale.
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

describe("applyChange", () => {
  it("writes a new balance and credit into the header's two data sets", () => {
    const qc = client();
    const details = { accountId: "CUS0001", name: "Mzansi", dcBalance: 100 } as CustomerDetails;
    qc.setQueryData(getCustomerDetailsQueryOptions(SHOPPER).queryKey, details);
    applyChange(qc, SHOPPER, { name: "account", data: account });
    expect(qc.getQueryData(getCustomerDetailsQueryOptions(SHOPPER).queryKey)).toEqual({
      ...details,
      dcBalance: 400,
    });
    expect(qc.getQueryData<CreditDetails>(getCreditDetailsQueryOptions(SHOPPER).queryKey)).toEqual({
      accountId: "CUS0001",
      principleId: "gauteng",
      remainingCredit: 900,
      totalCredit: 1500,
    });
  });

  it("does not invent customer details it never loaded", () => {
    const qc = client();
    applyChange(qc, SHOPPER, { name: "account", data: account });
    expect(qc.getQueryData(getCustomerDetailsQueryOptions(SHOPPER).queryKey)).toBeUndefined();
  });

  it("moves only the changed order to its new status, in the list and on its details page, and marks orders stale", () => {
    const qc = client();
    const history = [order({ id: 7 }), order({ id: 8, orderId: "TS100008" })];
    qc.setQueryData(getOrdersQueryOptions(SHOPPER).queryKey, history);
    qc.setQueryData(getOrderQueryOptions(SHOPPER, 7).queryKey, order({ id: 7 }));
    const change = {
      id: 7,
      orderId: "TS100001",
      currentPastelStatus: "On Hold" as const,
      statusReason: "Over credit limit",
      lastPastelStatusUpdate: "2026-11-21T05:00:00.000Z",
    };
    applyChange(qc, SHOPPER, { name: "order", data: change });

    const [changed, untouched] = qc.getQueryData(getOrdersQueryOptions(SHOPPER).queryKey) ?? [];
    expect(changed).toMatchObject({
      currentPastelStatus: "On Hold",
      statusReason: "Over credit limit",
      lastPastelStatusUpdate: change.lastPastelStatusUpdate,
    });
    expect(untouched).toEqual(history[1]);
    expect(qc.getQueryData(getOrderQueryOptions(SHOPPER, 7).queryKey)?.currentPastelStatus).toBe("On Hold");
    expect(qc.getQueryState(getOrdersQueryOptions(SHOPPER).queryKey)?.isInvalidated).toBe(true);
  });

  it("reloads a list changed elsewhere, waiting for this tab's own command on it to settle first", async () => {
    const qc = client();
    qc.setQueryData(["cart", SHOPPER], { lines: 1 });
    qc.setQueryData(["wishlist", SHOPPER], { lines: 1 });

    let finish = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const running = qc
      .getMutationCache()
      .build(qc, { mutationKey: ["cart", "add"], mutationFn: () => gate })
      .execute(undefined);
    applyChange(qc, SHOPPER, { name: "cart", data: {} });
    applyChange(qc, SHOPPER, { name: "wishlist", data: {} });
    // Not while the add is in flight (its answer must not be overwritten by an older list)…
    expect(qc.getQueryState(["cart", SHOPPER])?.isInvalidated).toBe(false);
    expect(qc.getQueryState(["wishlist", SHOPPER])?.isInvalidated).toBe(true);
    finish();
    await running;
    // …but once it has settled, so the change made elsewhere is not lost.
    expect(qc.getQueryState(["cart", SHOPPER])?.isInvalidated).toBe(true);
  });

  it("holds a cart reload while an order is being placed", async () => {
    const qc = client();
    qc.setQueryData(["cart", SHOPPER], { lines: 1 });
    let finish = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const placing = qc
      .getMutationCache()
      .build(qc, { mutationKey: ["orders", "place"], mutationFn: () => gate })
      .execute(undefined);
    applyChange(qc, SHOPPER, { name: "cart", data: {} });
    expect(qc.getQueryState(["cart", SHOPPER])?.isInvalidated).toBe(false);
    finish();
    await placing;
    expect(qc.getQueryState(["cart", SHOPPER])?.isInvalidated).toBe(true);
  });
});

describe("applyReady", () => {
  it("stores the account and marks everything stale, since events from before it opened are not replayed", () => {
    const qc = client();
    qc.setQueryData(getOrdersQueryOptions(SHOPPER).queryKey, [order()]);
    qc.setQueryData(["cart", SHOPPER], { lines: 1 });
    qc.setQueryData(["cart", "2@gauteng"], { lines: 1 });
    applyReady(qc, SHOPPER, { account, heartbeatMs: 25_000 });
    expect(
      qc.getQueryData<CreditDetails>(getCreditDetailsQueryOptions(SHOPPER).queryKey)?.remainingCredit,
    ).toBe(900);
    expect(qc.getQueryState(getOrdersQueryOptions(SHOPPER).queryKey)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(["cart", SHOPPER])?.isInvalidated).toBe(true);
    // Another shopper's cache (a previous login in this browser) is not this stream's business.
    expect(qc.getQueryState(["cart", "2@gauteng"])?.isInvalidated).toBe(false);
  });

  it("reloads only what the server says changed since the page's reads (decision 139)", () => {
    const qc = client();
    const details = { accountId: "CUS0001", name: "Mzansi", dcBalance: 100 } as CustomerDetails;
    qc.setQueryData(getCustomerDetailsQueryOptions(SHOPPER).queryKey, details);
    qc.setQueryData(getOrdersQueryOptions(SHOPPER).queryKey, [order()]);
    qc.setQueryData(["cart", SHOPPER], { lines: 1 });
    qc.setQueryData(["wishlist", SHOPPER], { lines: 1 });
    const stale = () =>
      [
        getCustomerDetailsQueryOptions(SHOPPER).queryKey,
        getOrdersQueryOptions(SHOPPER).queryKey,
        ["cart", SHOPPER],
        ["wishlist", SHOPPER],
      ]
        .filter((key) => qc.getQueryState(key)?.isInvalidated)
        .map((key) => String(key[0]));

    applyReady(qc, SHOPPER, { account, heartbeatMs: 25_000, reload: [] });
    expect(stale()).toEqual([]);
    // The account's own figures come with `ready` whatever it says.
    expect(
      qc.getQueryData<CustomerDetails>(getCustomerDetailsQueryOptions(SHOPPER).queryKey)?.dcBalance,
    ).toBe(400);

    applyReady(qc, SHOPPER, { account, heartbeatMs: 25_000, reload: ["wishlist"] });
    expect(stale()).toEqual(["wishlist"]);
    applyReady(qc, SHOPPER, { account, heartbeatMs: 25_000, reload: ["orders", "cart"] });
    expect(stale()).toEqual(["orders", "cart", "wishlist"]);
  });
});

describe("liveReadsAge", () => {
  afterEach(() => vi.restoreAllMocks());
  // What this page has been answered with is module state: each case starts as a new page.
  let liveReadsAge: typeof LiveReadsAge;
  beforeEach(async () => {
    vi.resetModules();
    ({ liveReadsAge } = await import("./apply-change"));
  });

  it("is the page's age when every read shown was asked for by this page, else unknown", async () => {
    // A page open for two seconds (the test process itself may be older than any page).
    vi.spyOn(performance, "now").mockReturnValue(2000);
    const qc = client();
    expect(liveReadsAge(qc, SHOPPER)).toBeGreaterThanOrEqual(0);
    // Asked for and answered by this page.
    await qc.fetchQuery({ queryKey: ["cart", SHOPPER], queryFn: async () => ({ lines: 1 }) });
    expect(liveReadsAge(qc, SHOPPER)).toBeGreaterThanOrEqual(0);
    // A list shown from browser storage and not asked for again: its age is not known.
    qc.getQueryCache().build(qc, {
      queryKey: ["wishlist", SHOPPER],
      initialData: { lines: 2 },
      initialDataUpdatedAt: 0,
    });
    expect(liveReadsAge(qc, SHOPPER)).toBeUndefined();
    // Another shopper's copy is not this stream's business.
    const other = client();
    other.getQueryCache().build(other, { queryKey: ["wishlist", "2@gauteng"], initialData: { lines: 2 } });
    expect(liveReadsAge(other, SHOPPER)).toBe(2000);
  });

  it("is unknown once the page is older than the server's reads are kept", () => {
    vi.spyOn(performance, "now").mockReturnValue(24 * 3600_000);
    expect(liveReadsAge(client(), SHOPPER)).toBeUndefined();
  });
});
