import { describe, expect, it } from "vitest";
import { cartLine } from "@/entities/cart/cart-line.fixture";
import { isBlocked, orderBlockers } from "./order-blockers";

describe("orderBlockers", () => {
  const lines = [
    cartLine({ productId: "A", quantity: 3, stockOnHand: 10 }),
    cartLine({ productId: "B", quantity: 5, stockOnHand: 2 }),
  ];

  it("names the lines asking for more than is in stock, none or negative counting as none", () => {
    const blockers = orderBlockers(
      {
        cartItems: [...lines, cartLine({ productId: "C", quantity: 1, stockOnHand: -4 })],
        totalPriceIncl: 100,
      },
      500,
    );
    expect(blockers.shortLines.map((l) => l.productId)).toEqual(["B", "C"]);
    expect(isBlocked(blockers)).toBe(true);
  });

  it("says by how much the total is over the remaining credit, to the cent", () => {
    expect(
      orderBlockers({ cartItems: [lines[0]!], totalPriceIncl: 1353.54 + 0.1 + 0.2 }, 0.01).overCreditBy,
    ).toBe(1353.83);
    expect(orderBlockers({ cartItems: [lines[0]!], totalPriceIncl: 2000 }, 646.47).overCreditBy).toBe(
      1353.53,
    );
  });

  it("does not block a total equal to the remaining credit, or when the credit is not known", () => {
    const within = orderBlockers({ cartItems: [lines[0]!], totalPriceIncl: 646.47 }, 646.47);
    expect(within.overCreditBy).toBeNull();
    expect(isBlocked(within)).toBe(false);
    expect(orderBlockers({ cartItems: [lines[0]!], totalPriceIncl: 99_999 }, null).overCreditBy).toBeNull();
  });
});
