// /alerts with only the network faked: the list marks the unread ones and writes times as the
// shop does, opening one marks it read, Mark all as read clears the count on the page and the
// bell, a choice in the grid sends the whole grid, and a browser without web push is told why.
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AlertList, AlertPreferences } from "@trade-shop/contracts/alerts";
import { fakeFetch, loggedInForEachTest, renderInShop } from "@/lib/testing/render";
import { AlertsBell } from "./alerts-bell";
import { AlertsPage } from "./alerts-page";

const LIST: AlertList = {
  unread: 1,
  items: [
    {
      id: 2,
      kind: "order_status",
      title: "Order TS100012: Picking",
      body: "Your order TS100012 is now Picking.",
      link: "/orders-history/12",
      createdAt: "2026-11-21T12:05:00.000Z",
      readAt: null,
    },
    {
      id: 1,
      kind: "back_in_stock",
      title: "Simba Chips 125g is back in stock",
      body: "A product on your wishlist is back in stock.",
      link: "/products/SIM125",
      createdAt: "2026-11-20T06:00:00.000Z",
      readAt: "2026-11-20T07:00:00.000Z",
    },
  ],
};

const PREFERENCES: AlertPreferences = {
  preferences: (
    ["order_status", "approval_needed", "approval_decided", "back_in_stock", "statement_ready"] as const
  ).map((kind) => ({ kind, inShop: true, email: kind.startsWith("approval"), sms: false, push: true })),
  pushPublicKey: "BPublicKey",
  pushDevices: 0,
};

loggedInForEachTest();

function shop() {
  return fakeFetch({
    "GET /api/Alerts": { body: LIST },
    "POST /api/Alerts/Read": () => ({
      body: { unread: 0 },
    }),
    "GET /api/Alerts/Preferences": { body: PREFERENCES },
    "PUT /api/Alerts/Preferences": ({ body }) => ({ body: { ...PREFERENCES, ...(body as object) } }),
  });
}

function renderPage() {
  return renderInShop(
    <>
      <AlertsBell className="bell" badgeClassName="badge" />
      <AlertsPage />
    </>,
    { route: "/alerts" },
  );
}

describe("AlertsPage", () => {
  it("lists the alerts newest first, the unread one marked, with the shop's times and links", async () => {
    vi.stubGlobal("fetch", shop().fetch);
    renderPage();
    const list = await screen.findByRole("list", { name: "Your alerts, newest first" });
    const [unread, read] = within(list).getAllByRole("listitem");
    expect(within(unread!).getByText("New")).toBeTruthy();
    expect(within(unread!).getByRole("link").getAttribute("href")).toBe("/orders-history/12");
    // 12:05 UTC is 14:05 in Johannesburg.
    expect(within(unread!).getByText("21-Nov-2026 14:05")).toBeTruthy();
    expect(within(read!).queryByText("New")).toBeNull();
    expect(screen.getByText("1 unread.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Alerts, 1 unread" })).toBeTruthy();
  });

  it("marks one read when it is opened, and all with Mark all as read", async () => {
    const { fetch, calls } = shop();
    vi.stubGlobal("fetch", fetch);
    renderPage();
    const link = await screen.findByRole("link", { name: /Order TS100012: Picking/ });
    fireEvent.click(link);
    await waitFor(() =>
      expect(calls.find((c) => c.route === "POST /api/Alerts/Read")?.body).toEqual({ ids: [2] }),
    );
    await screen.findByRole("link", { name: "Alerts, 0 unread" });
  });

  it("Mark all as read sends no ids and clears the count", async () => {
    const { fetch, calls } = shop();
    vi.stubGlobal("fetch", fetch);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await screen.findByText("All read.");
    expect(screen.getByRole("link", { name: "Alerts, 0 unread" })).toBeTruthy();
    expect(calls.filter((c) => c.route === "POST /api/Alerts/Read").map((c) => c.body)).toEqual([{}]);
  });

  it("saves the whole grid when one choice changes", async () => {
    const { fetch, calls } = shop();
    vi.stubGlobal("fetch", fetch);
    renderPage();
    const sms = await screen.findByRole("checkbox", { name: "Statement ready: SMS" });
    expect((sms as HTMLInputElement).checked).toBe(false);
    fireEvent.click(sms);
    await screen.findByText("Saved.");
    const sent = calls.find((c) => c.route === "PUT /api/Alerts/Preferences")?.body as AlertPreferences;
    expect(sent.preferences).toHaveLength(5);
    expect(sent.preferences.find((p) => p.kind === "statement_ready")).toEqual({
      kind: "statement_ready",
      inShop: true,
      email: false,
      sms: true,
      push: true,
    });
    expect((screen.getByRole("checkbox", { name: "Statement ready: SMS" }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("says why push cannot be turned on in a browser without it", async () => {
    vi.stubGlobal("fetch", shop().fetch);
    renderPage();
    await screen.findByText(/This browser cannot receive push messages/);
    expect(screen.queryByRole("button", { name: /push on this device/ })).toBeNull();
  });
});
