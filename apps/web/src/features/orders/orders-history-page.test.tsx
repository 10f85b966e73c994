// /orders-history with only the network faked: the list shows the server's first page, "Load
// more orders" asks for the page after the last order shown (docs/api.md) and adds it, every
// order once, and goes away after the last, short page; a search starts again from its own first page.
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HISTORY_PAGE, type OrderHistoryEntry } from "@trade-shop/contracts/orders";
import { loggedInForEachTest, renderInShop } from "@/lib/testing/render";
import { order } from "./order.fixture";
import { OrdersHistoryPage } from "./orders-history-page";

/** 120 orders, newest (highest id) first, as the server sorts them. */
const ORDERS: OrderHistoryEntry[] = Array.from({ length: 120 }, (_, i) => {
  const { orderLines: _lines, ...entry } = order({
    id: 120 - i,
    orderId: `TS${100120 - i}`,
    createdDate: new Date(Date.UTC(2026, 10, 21) - i * 3_600_000).toISOString(),
  });
  return entry;
});

/** GET /api/Order as the server pages it: `limit` orders after the order `after`, matching `search`. */
function fakeHistory() {
  const asked: URLSearchParams[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://shop.test");
    if (url.pathname !== "/api/Order") throw new Error(`Unexpected call ${url.pathname}`);
    asked.push(url.searchParams);
    const search = url.searchParams.get("search");
    const found = ORDERS.filter((o) => !search || o.orderId.includes(search));
    const after = Number(url.searchParams.get("after") ?? 0);
    const from = after ? found.findIndex((o) => o.id === after) + 1 : 0;
    const limit = Number(url.searchParams.get("limit") ?? HISTORY_PAGE);
    return new Response(JSON.stringify(found.slice(from, from + limit)), {
      headers: { "Content-Type": "application/json" },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, asked };
}

loggedInForEachTest();

const shownIds = () =>
  within(screen.getByRole("list", { name: "Your orders" }))
    .getAllByRole("link")
    .map((link) => link.textContent)
    .filter((text) => text?.startsWith("TS"));

describe("OrdersHistoryPage", () => {
  it("loads the history a page at a time, each after the last order shown, until a short page", async () => {
    const network = fakeHistory();
    vi.stubGlobal("fetch", network.fetch);
    renderInShop(<OrdersHistoryPage />, { route: "/orders-history" });
    expect(await screen.findByRole("heading", { name: "The latest 50 orders, newest first" })).toBeTruthy();
    expect(shownIds()).toEqual(ORDERS.slice(0, 50).map((o) => o.orderId));

    const more = screen.getByRole("button", { name: "Load more orders" });
    more.focus();
    fireEvent.click(more);
    await screen.findByRole("heading", { name: "The latest 100 orders, newest first" });
    expect(network.asked.at(-1)?.get("after")).toBe(String(ORDERS[49]!.id));
    expect(network.asked.at(-1)?.get("limit")).toBe(String(HISTORY_PAGE));
    // The button stays where it was, with the focus, for the next page.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Load more orders" }));

    fireEvent.click(screen.getByRole("button", { name: "Load more orders" }));
    await screen.findByRole("heading", { name: "120 orders, newest first" });
    expect(shownIds()).toEqual(ORDERS.map((o) => o.orderId));
    expect(screen.queryByRole("button", { name: "Load more orders" })).toBeNull();
    expect(network.asked.map((q) => q.get("after"))).toEqual([null, "71", "21"]);
  });

  it("starts a search from its own first page", async () => {
    const network = fakeHistory();
    vi.stubGlobal("fetch", network.fetch);
    renderInShop(<OrdersHistoryPage />, { route: "/orders-history?search=TS1000" });
    // TS100001 to TS100099 less none: 99 orders, so two pages.
    await screen.findByRole("heading", { name: "The latest 50 orders found" });
    expect(network.asked[0]?.get("search")).toBe("TS1000");
    expect(network.asked[0]?.get("after")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Load more orders" }));
    await screen.findByRole("heading", { name: "99 orders found" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more orders" })).toBeNull());
  });
});
