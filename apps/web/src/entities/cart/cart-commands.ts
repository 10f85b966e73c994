// Turning what the customer asks for into the cart's commands (docs/data.md): adding a product at a
// quantity, and setting a line to a new quantity, which the API does as an add of the
// difference or a removal of packs; and the key that makes one add idempotent.
import type { AddItemCommand, CartItem, RemoveCartItemCommand } from "@trade-shop/contracts/cart";
import type { Product } from "@trade-shop/contracts/catalogue";

type DealProduct = Pick<Product, "skuCode" | "dealReference" | "minOrderQuantityDiscount">;

/** Names the product's deal when the quantity reaches it; the server prices the line either way. */
export function addCommandFor(product: DealProduct, quantity: number): AddItemCommand {
  const reachesDeal =
    product.minOrderQuantityDiscount !== null && quantity >= product.minOrderQuantityDiscount;
  return {
    skuCode: product.skuCode,
    quantity,
    dealReference: reachesDeal ? product.dealReference : null,
  };
}

export type QuantityChange =
  { kind: "add"; command: AddItemCommand } | { kind: "remove"; command: RemoveCartItemCommand } | null;

type QuantityLine = Pick<CartItem, "productId" | "quantity" | "minOrderQuantityDiscount" | "dealReference">;

/** The command that takes `line` to `quantity` packs (0 drops the line); null when nothing changes. */
export function quantityChange(line: QuantityLine, quantity: number): QuantityChange {
  const difference = quantity - line.quantity;
  if (difference === 0) return null;
  if (difference > 0) {
    const reachesDeal = line.minOrderQuantityDiscount !== null && quantity >= line.minOrderQuantityDiscount;
    return {
      kind: "add",
      command: {
        skuCode: line.productId,
        quantity: difference,
        dealReference: reachesDeal ? line.dealReference : null,
      },
    };
  }
  if (quantity <= 0) return { kind: "remove", command: { skuCode: line.productId, remove: true } };
  return { kind: "remove", command: { skuCode: line.productId, remove: false, quantity: -difference } };
}

/**
 * A fresh Idempotency-Key for one add (decision 159): the balancer's repeat of that request, after
 * the server it went to died, adds nothing. 32 hex digits of random bytes rather than
 * crypto.randomUUID, which a page served over plain http on the shop's network does not have.
 */
export function addRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}
