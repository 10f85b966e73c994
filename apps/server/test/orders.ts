// For API tests of the back office, real-time and reports: places an order the way the web app
// does (cart, then the create-order command built from the cart shown), on demo-data SKUs.
import type { Cart } from "@trade-shop/contracts/cart";
import type { CreateOrderCommand, Order } from "@trade-shop/contracts/orders";
import { customerOf, findSku } from "./fixtures";
import type { TestApp } from "./test-app";

export async function fillCart(
  t: TestApp,
  token: string,
  lines: readonly (readonly [string, number])[],
): Promise<Cart> {
  for (const [skuCode, quantity] of lines) {
    const res = await t.request({
      method: "POST",
      url: "/api/Cart/AdditemToCart",
      token,
      body: { skuCode, quantity },
    });
    if (res.statusCode !== 200) throw new Error(`add ${skuCode}: ${res.statusCode} ${res.body}`);
  }
  return (await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token })).json();
}

/** The create-order command the web app builds from the cart it shows, with `extra` on top. */
export function commandFrom(cart: Cart, extra: Partial<CreateOrderCommand> = {}): CreateOrderCommand {
  return {
    orderReference: cart.orderReference,
    createdDate: new Date().toISOString(),
    discount: cart.discount,
    applyLiqourCheck: true,
    totalPriceExcl: cart.totalPriceExcl,
    totalPriceIncl: cart.totalPriceIncl,
    orderLines: cart.cartItems.map((i) => ({
      productId: i.productId,
      quantity: i.quantity,
      dealReference: i.dealReference,
      unitPriceExcl: i.unitPriceExcl,
      totalPriceExcl: i.totalPriceExcl,
      totalPriceIncl: i.totalPriceIncl,
    })),
    homeDelivery: false,
    creditcheck_override: false,
    payOverCredit: false,
    ...extra,
  };
}

export async function placeCart(t: TestApp, token: string, cart: Cart): Promise<Order> {
  const res = await t.request({ method: "POST", url: "/api/Order", token, body: commandFrom(cart) });
  if (res.statusCode !== 200) throw new Error(`place order: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Places an order of `quantities` packs of the `skip`-th, `skip+1`-th… ordinary SKUs in the user's warehouse. */
export async function placeTestOrder(
  t: TestApp,
  username: string,
  token: string,
  quantities: readonly number[],
  skip = 0,
): Promise<Order> {
  const customer = await customerOf(t.database.db, username);
  const lines: [string, number][] = [];
  for (const [index, quantity] of quantities.entries()) {
    const sku = await findSku(t.database.db, {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: customer.tenantId,
      skip: skip + index,
      minStock: quantity,
    });
    lines.push([sku.skuCode, quantity]);
  }
  return placeCart(t, token, await fillCart(t, token, lines));
}

/**
 * placeTestOrder for tests that count the outbox's work for the back office: the order's
 * confirmation e-mail (decision 127) is taken out of the queue so only the hand-off is left.
 */
export async function placeHandOffTestOrder(
  t: TestApp,
  username: string,
  token: string,
  quantities: readonly number[],
  skip = 0,
): Promise<Order> {
  const order = await placeTestOrder(t, username, token, quantities, skip);
  await t.database.db
    .deleteFrom("outbox")
    .where("idempotencyKey", "=", `order-confirmation:${order.id}`)
    .execute();
  return order;
}
