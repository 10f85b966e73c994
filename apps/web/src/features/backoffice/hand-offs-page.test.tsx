// The staff hand-offs screen: every open hand-off with its attempts, next try and last error;
// a waiting one (pending or retrying) offers "Try now", a parked one "Retry", and each says in a
// toast what it did.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast as sonnerToast } from "sonner";
import type { HandOff } from "@trade-shop/contracts/backoffice";
import { fakeFetch, logInAs, logOut, renderInShop } from "@/lib/testing/render";
import { screenIs } from "@/lib/testing/screen-width";
import { HandOffsPage } from "./hand-offs-page";

const handOff = (over: Partial<HandOff> = {}): HandOff => ({
  id: 11,
  orderId: 501,
  orderNumber: "TS501",
  accountId: "CUS0001",
  accountName: "Traders Wholesale",
  currentPastelStatus: "Pending",
  state: "retrying",
  attempts: 0,
  lastError: "Back office answered 503: maintenance",
  nextAttemptAt: "2026-11-29T12:00:04.000Z",
  createdAt: "2026-11-29T11:59:30.000Z",
  processedAt: null,
  ...over,
});

beforeEach(() => logInAs(["Staff"]));
afterEach(() => {
  act(() => void sonnerToast.dismiss());
  cleanup();
  logOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  render(<Toaster />);
  return renderInShop(<HandOffsPage />, { route: "/hand-offs" });
}

describe("HandOffsPage", () => {
  it("shows waiting hand-offs with their next try and last error, and tries one now", async () => {
    screenIs(1280);
    let waiting = handOff();
    const api = fakeFetch({
      "GET /api/BackOffice/HandOffs": () => ({
        body: [
          waiting,
          handOff({ id: 12, orderId: 502, orderNumber: "TS502", state: "pending", lastError: null }),
          handOff({
            id: 13,
            orderId: 503,
            orderNumber: "TS503",
            state: "parked",
            attempts: 10,
            lastError: "Back office answered 422: unknown account",
            nextAttemptAt: null,
          }),
        ],
      }),
      "POST /api/BackOffice/HandOffs/11/Retry": () => {
        waiting = handOff({ nextAttemptAt: "2026-11-29T12:00:00.500Z" });
        return { body: waiting };
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    const user = userEvent.setup();
    renderPage();

    const list = await screen.findByRole("list", { name: "Hand-offs" });
    const [retrying, pending, parked] = within(list).getAllByRole("listitem");
    expect(retrying!.textContent).toContain("retrying");
    expect(retrying!.textContent).toContain("Next try");
    expect(within(retrying!).getByText("Back office answered 503: maintenance")).toBeTruthy();
    expect(within(pending!).getByRole("button", { name: "Try order TS502 now" })).toBeTruthy();
    expect(within(parked!).getByRole("button", { name: "Retry order TS503" })).toBeTruthy();
    expect(within(parked!).queryByRole("button", { name: /now$/ })).toBeNull();

    await user.click(within(retrying!).getByRole("button", { name: "Try order TS501 now" }));
    expect(await screen.findByText("Trying now")).toBeTruthy();
    expect(screen.getByText("Order TS501 goes to the back office now.")).toBeTruthy();
    expect(api.calls.filter((c) => c.route === "POST /api/BackOffice/HandOffs/11/Retry")).toHaveLength(1);
    // The list is read again.
    await waitFor(() =>
      expect(api.calls.filter((c) => c.route === "GET /api/BackOffice/HandOffs").length).toBeGreaterThan(1),
    );
  });

  it("queues a parked hand-off again by keyboard", async () => {
    screenIs(390);
    const parked = handOff({ state: "parked", attempts: 10, nextAttemptAt: null });
    const api = fakeFetch({
      "GET /api/BackOffice/HandOffs": { body: [parked] },
      "POST /api/BackOffice/HandOffs/11/Retry": { body: handOff({ attempts: 0 }) },
    });
    vi.stubGlobal("fetch", api.fetch);
    const user = userEvent.setup();
    renderPage();
    const button = await screen.findByRole("button", { name: "Retry order TS501" });
    button.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Queued again")).toBeTruthy();
    expect(api.calls.some((c) => c.route === "POST /api/BackOffice/HandOffs/11/Retry")).toBe(true);
  });
});
