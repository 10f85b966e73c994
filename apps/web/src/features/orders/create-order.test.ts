import { describe, expect, it } from "vitest";
import { CreateOrderCommand } from "@trade-shop/contracts/orders";
import { cartLine, cartOf } from "@/entities/cart/cart-line.fixture";
import { buildCreateOrder } from "./create-order";

const now = new Date("2026-11-22T04:05:00.000Z");

describe("buildCreateOrder", () => {
  it("names the chosen delivery address only for home delivery", () => {
    const cart = cartOf([cartLine()]);
    expect(
      buildCreateOrder(cart, { homeDelivery: true, deliveryAddressId: 7, reference: "" }, now)
        .deliveryAddressId,
    ).toBe(7);
    expect(
      buildCreateOrder(cart, { homeDelivery: false, deliveryAddressId: 7, reference: "" }, now)
        .deliveryAddressId,
    ).toBeNull();
    expect(buildCreateOrder(cart, { homeDelivery: true, reference: "" }, now).deliveryAddressId).toBeNull();
  });

  const cart = cartOf([
    cartLine(),
    cartLine({
      id: 2,
      productId: "SWT0042",
      quantity: 1,
      dealReference: null,
      unitPriceExcl: 99.5,
      totalPriceExcl: 99.5,
      totalPriceIncl: 114.43,
      assignedDiscount: 0,
    }),
  ]);

  it("carries the cart's reference, lines as priced and totals, and is a valid command", () => {
    const command = buildCreateOrder(cart, { homeDelivery: true, reference: "  PO-7781 " }, now);
    expect(CreateOrderCommand.safeParse(command).success).toBe(true);
    expect(command).toMatchObject({
      orderReference: cart.orderReference,
      createdDate: "2026-11-22T04:05:00.000Z",
      totalPriceExcl: 973.44,
      totalPriceIncl: 1119.46,
      discount: 142.28,
      suppliedId: "PO-7781",
      homeDelivery: true,
      applyLiqourCheck: true,
      creditcheck_override: false,
    });
    expect(command.orderLines).toEqual([
      {
        productId: "CHP1374",
        quantity: 2,
        dealReference: "DL-2026-0212",
        unitPriceExcl: 436.97,
        totalPriceExcl: 873.94,
        totalPriceIncl: 1005.03,
      },
      {
        productId: "SWT0042",
        quantity: 1,
        dealReference: null,
        unitPriceExcl: 99.5,
        totalPriceExcl: 99.5,
        totalPriceIncl: 114.43,
      },
    ]);
  });

  it("sends no reference when none was typed, and collection when chosen", () => {
    const command = buildCreateOrder(cart, { homeDelivery: false, reference: "   " }, now);
    expect(command.suppliedId).toBeNull();
    expect(command.homeDelivery).toBe(false);
  });
});
