import { describe, expect, it } from "vitest";
import type { Cart } from "@trade-shop/contracts/cart";
import { toCents } from "@trade-shop/contracts/common";
import { emptiedCart, itemsSelectedText, reviewedCart, sameTotal } from "./cart-totals";
import { cartLine, cartOf } from "./cart-line.fixture";

describe("itemsSelectedText", () => {
  it("counts the lines as docs/screens.md words it", () => {
    expect(itemsSelectedText(0)).toBe("0 Item(s) selected");
    expect(itemsSelectedText(1)).toBe("1 Item(s) selected");
    expect(itemsSelectedText(12)).toBe("12 Item(s) selected");
  });
});

describe("sameTotal", () => {
  it("compares totals incl. VAT rounded to 2 decimals", () => {
    expect(sameTotal(1005.03, 1005.03)).toBe(true);
    expect(sameTotal(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameTotal(1005.03, 1005.04)).toBe(false);
    expect(sameTotal(1005.03, 0)).toBe(false);
  });

  it("rounds half-up like the server, also where binary floats fall short", () => {
    expect(toCents(1.005)).toBe(101);
    expect(sameTotal(1.005, 1.01)).toBe(true);
    expect(sameTotal(1.004, 1.01)).toBe(false);
    expect(toCents(12345.675)).toBe(1234568);
  });
});

describe("emptiedCart", () => {
  it("drops the lines and totals but keeps the cart and its order reference", () => {
    const cart: Cart = {
      id: 3,
      userId: 1,
      orderReference: "c0ffee",
      createdDate: "2026-11-21T06:00:00.000Z",
      cartItems: [],
      totalPriceExcl: 100,
      totalPriceIncl: 115,
      discount: 5,
      numberOfItems: 2,
    };
    expect(emptiedCart(cart)).toEqual({
      ...cart,
      totalPriceExcl: 0,
      totalPriceIncl: 0,
      discount: 0,
      numberOfItems: 0,
    });
  });
});

describe("reviewedCart", () => {
  it("tells carts apart by lines, packs and totals, not by when they were loaded", () => {
    const cart = cartOf([cartLine()]);
    expect(reviewedCart({ ...cart, createdDate: "2026-01-01T00:00:00.000Z" })).toBe(reviewedCart(cart));
    expect(reviewedCart(cartOf([cartLine({ quantity: 3 })]))).not.toBe(reviewedCart(cart));
    expect(reviewedCart(cartOf([cartLine(), cartLine({ id: 2, productId: "SWT0042" })]))).not.toBe(
      reviewedCart(cart),
    );
    expect(reviewedCart({ ...cart, totalPriceIncl: cart.totalPriceIncl + 0.01 })).not.toBe(
      reviewedCart(cart),
    );
  });
});
