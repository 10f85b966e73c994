// The create-order command of docs/data.md built from the cart the customer reviewed: its
// orderReference (the idempotency key), its lines with the prices they saw, its totals, and
// the delivery choice and reference from the checkout form.
import type { Cart } from "@trade-shop/contracts/cart";
import type { CreateOrderCommand } from "@trade-shop/contracts/orders";

export interface CheckoutChoices {
  homeDelivery: boolean;
  /** One of the account's delivery addresses; null for the account's own address. */
  deliveryAddressId?: number | null;
  /** The customer's own reference, usually their purchase order number. */
  reference: string;
  /** Over credit: place it to wait for the part over credit, paid online now (docs/payments.md). */
  payOverCredit?: boolean;
}

export function buildCreateOrder(cart: Cart, choices: CheckoutChoices, now: Date): CreateOrderCommand {
  const reference = choices.reference.trim();
  return {
    orderReference: cart.orderReference,
    createdDate: now.toISOString(),
    orderLines: cart.cartItems.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      dealReference: line.dealReference,
      unitPriceExcl: line.unitPriceExcl,
      totalPriceExcl: line.totalPriceExcl,
      totalPriceIncl: line.totalPriceIncl,
    })),
    discount: cart.discount,
    applyLiqourCheck: true,
    totalPriceExcl: cart.totalPriceExcl,
    totalPriceIncl: cart.totalPriceIncl,
    suppliedId: reference === "" ? null : reference,
    homeDelivery: choices.homeDelivery,
    deliveryAddressId: choices.homeDelivery ? (choices.deliveryAddressId ?? null) : null,
    creditcheck_override: false,
    payOverCredit: choices.payOverCredit ?? false,
  };
}
