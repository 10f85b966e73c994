import { describe, expect, it } from "vitest";
import { cartLine, cartOf } from "../../lib/cart/cart-line.fixture";
import { NO_LONGER_SOLD, reorderHasNews, reorderReport } from "./reorder";

const ordered = (productId: string, productDescription: string, unitPriceExcl: number) => ({
  productId,
  productDescription,
  unitPriceExcl,
});

describe("reorderReport", () => {
  it("reports nothing new when every line went in at the same price with stock", () => {
    const cart = cartOf([cartLine({ productId: "CHP1374", unitPriceExcl: 436.97 })]);
    const report = reorderReport([ordered("CHP1374", "Braai Time Chips", 436.97)], cart.cartItems, new Map());
    expect(report).toEqual({ added: 1, priceChanges: [], stockShort: [], notAdded: [] });
    expect(reorderHasNews(report)).toBe(false);
  });

  it("compares unit prices then and now to the cent", () => {
    const cart = cartOf([
      cartLine({ productId: "A1", unitPriceExcl: 10.5 }),
      cartLine({ productId: "B2", unitPriceExcl: 0.1 + 0.2 }),
    ]);
    const report = reorderReport(
      [ordered("A1", "Apple juice", 9.99), ordered("B2", "Bubblegum", 0.3)],
      cart.cartItems,
      new Map(),
    );
    expect(report.priceChanges).toEqual([
      { productId: "A1", description: "Apple juice", was: 9.99, now: 10.5 },
    ]);
    expect(reorderHasNews(report)).toBe(true);
  });

  it("names lines the warehouse cannot supply, out of stock as 0 available", () => {
    const cart = cartOf([
      cartLine({ productId: "A1", quantity: 30, stockOnHand: 12, unitPriceExcl: 5 }),
      cartLine({ productId: "B2", quantity: 2, stockOnHand: -1, unitPriceExcl: 5 }),
    ]);
    const report = reorderReport(
      [ordered("A1", "Apple juice", 5), ordered("B2", "Bubblegum", 5)],
      cart.cartItems,
      new Map(),
    );
    expect(report.stockShort).toEqual([
      { productId: "A1", description: "Apple juice", inCart: 30, available: 12 },
      { productId: "B2", description: "Bubblegum", inCart: 2, available: 0 },
    ]);
  });

  it("names refused lines with the server's reason, and lines missing from the cart as no longer sold", () => {
    const cart = cartOf([cartLine({ productId: "A1", unitPriceExcl: 5 })]);
    const failures = new Map([["LIQ9", "Your account is not licensed to buy liquor."]]);
    const report = reorderReport(
      [
        ordered("A1", "Apple juice", 5),
        ordered("LIQ9", "Cape Brandy", 120),
        ordered("OLD1", "Retired chips", 3),
      ],
      cart.cartItems,
      failures,
    );
    expect(report.added).toBe(1);
    expect(report.notAdded).toEqual([
      {
        productId: "LIQ9",
        description: "Cape Brandy",
        reason: "Your account is not licensed to buy liquor.",
      },
      { productId: "OLD1", description: "Retired chips", reason: NO_LONGER_SOLD },
    ]);
  });
});
