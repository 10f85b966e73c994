import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { cartLine, cartOf } from "@/entities/cart/cart-line.fixture";
import { fakeFetch, loggedInForEachTest, renderInShop } from "@/lib/testing/render";
import { OrderSummary } from "./order-summary";

const cart = cartOf([
  cartLine({ quantity: 2, totalPriceExcl: 873.94, totalPriceIncl: 1005.03 }),
  cartLine({
    productId: "CHO1325",
    productDescription: "Marula Milk Chocolate 150g",
    quantity: 5,
    totalPriceExcl: 270,
    totalPriceIncl: 310.5,
  }),
]);

loggedInForEachTest();

function renderSummary(remainingCredit: number) {
  const network = fakeFetch({
    "POST /api/Users/GetCreditDetails": {
      body: { accountId: "CUS0001", principleId: null, remainingCredit, totalCredit: 150_000 },
    },
  });
  vi.stubGlobal("fetch", network.fetch);
  renderInShop(<OrderSummary cart={cart} />);
  return screen.getByRole("region", { name: "Order summary" });
}

describe("OrderSummary", () => {
  it("lists each line as quantity x description with its total excl. VAT, free shipping and both totals", async () => {
    const summary = renderSummary(5000);
    const lines = within(summary).getByRole("list", { name: "Products in this order" });
    expect(
      within(lines)
        .getAllByRole("listitem")
        .map((line) => line.textContent),
    ).toEqual([
      "2 x Braai Time Biltong Kettle Cooked Chips 80gR873.94",
      "5 x Marula Milk Chocolate 150gR270.00",
    ]);
    expect(summary.textContent).toContain("2 Item(s) selected");
    expect(within(summary).getByText("Shipping").nextElementSibling?.textContent).toBe("FREE");
    expect(within(summary).getByText("TOTAL (excl. VAT)").nextElementSibling?.textContent).toBe("R1 143.94");
    expect(within(summary).getByText("TOTAL (incl. VAT)").nextElementSibling?.textContent).toBe("R1 315.53");
    expect((await within(summary).findByText("Remaining credit")).nextElementSibling?.textContent).toBe(
      "R5 000.00",
    );
    expect(within(summary).queryByText(/more than your remaining credit/)).toBeNull();
  });

  it("shows the remaining credit beside the total and leaves saying it is too little to the checkout (one message)", async () => {
    const summary = renderSummary(1000);
    expect((await within(summary).findByText("Remaining credit")).nextElementSibling?.textContent).toBe(
      "R1 000.00",
    );
    expect(within(summary).queryByText(/remaining credit/i, { selector: "p" })).toBeNull();
  });

  it("marks a line that asks for more than is in stock", () => {
    const network = fakeFetch({});
    vi.stubGlobal("fetch", network.fetch);
    renderInShop(<OrderSummary cart={cartOf([cartLine({ quantity: 5, stockOnHand: 2 })])} />);
    const line = within(screen.getByRole("list", { name: "Products in this order" })).getByRole("listitem");
    expect(line.textContent).toContain("Only 2 in stock");
  });
});
