// A typed cart line for unit tests: a demo product's fields, overridable one by one. Typed
// against the contract, so it cannot drift from what the server sends.
import type { Cart, CartItem } from "@trade-shop/contracts/cart";
import { toCents } from "@trade-shop/contracts/common";

export function cartLine(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 1,
    cartId: 1,
    productId: "CHP1374",
    quantity: 2,
    productDescription: "Braai Time Biltong Kettle Cooked Chips 80g",
    listPriceIncl: 584.33,
    listPriceExcl: 508.11,
    unitPriceExcl: 436.97,
    totalPriceExcl: 873.94,
    totalPriceIncl: 1005.03,
    category: "Chips",
    subCategory: "Potato Chips",
    brand: "Braai Time",
    assignedDiscount: 142.28,
    dealDescription: "Buy 2+ save 14%",
    stockOnHand: 225,
    packSize: 24,
    capacity: "80 g",
    discountPercentage: 14,
    discountPriceExcl: 436.97,
    discountPriceIncl: 502.52,
    minOrderQuantityDiscount: 2,
    dealReference: "DL-2026-0212",
    isNewProduct: true,
    rtCategory: "Snacks",
    imageUrl: "/images/products/83c2f0d7ac4966f305e4ab6e03f8df9a.webp",
    stockingWarehouseCode: "JHB",
    unitPriceIncl: 24.35,
    discountUnitPriceIncl: 20.94,
    ...overrides,
  };
}

export function cartOf(lines: CartItem[], overrides: Partial<Cart> = {}): Cart {
  const cents = toCents;
  const sum = (pick: (line: CartItem) => number) =>
    lines.reduce((total, line) => total + cents(pick(line)), 0) / 100;
  return {
    id: 1,
    userId: 1,
    orderReference: "1d129c20-6353-4330-9ccc-0deaaac4b8c3",
    createdDate: "2026-11-22T04:00:00.000Z",
    cartItems: lines,
    totalPriceExcl: sum((line) => line.totalPriceExcl),
    totalPriceIncl: sum((line) => line.totalPriceIncl),
    discount: sum((line) => line.assignedDiscount),
    numberOfItems: lines.length,
    ...overrides,
  };
}
