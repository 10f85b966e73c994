// A rep's accounts each say their credit in words: what remains, or by how much the account is
// over its limit, read out with the account's Order for button.
import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import type { RepAccount } from "@trade-shop/contracts/reps";
import { fakeFetch, loggedInForEachTest, renderInShop } from "@/lib/testing/render";
import { RepAccountsPage } from "./rep-accounts-page";

const ACCOUNTS: RepAccount[] = [
  {
    tenantId: "coastal",
    accountId: "CUS0041",
    name: "Kwamashu Cash & Carry",
    town: null,
    remainingCredit: -1234.56,
  },
  {
    tenantId: "coastal",
    accountId: "CUS0040",
    name: "Umlazi Liquor Store",
    town: "Umlazi",
    remainingCredit: 45_000,
  },
];

loggedInForEachTest(["Rep"]);

describe("RepAccountsPage", () => {
  it("says per account what credit remains, or by how much it is over", async () => {
    vi.stubGlobal("fetch", fakeFetch({ "GET /api/Rep/Accounts": { body: ACCOUNTS } }).fetch);
    renderInShop(<RepAccountsPage />, { route: "/rep-accounts" });
    const [over, fine] = await screen.findAllByRole("listitem");
    const overBy = within(over!)
      .getByText(/^Over credit by/)
      .closest("p")!;
    expect(overBy.textContent).toBe("Over credit by R1 234.56");
    expect(within(fine!).getByText(/^Remaining Credit/).textContent).toBe("Remaining Credit R45 000.00");
    const order = within(over!).getByRole("button", { name: "Order for Kwamashu Cash & Carry" });
    expect(order.getAttribute("aria-describedby")).toBe(overBy.id);
  });
});
