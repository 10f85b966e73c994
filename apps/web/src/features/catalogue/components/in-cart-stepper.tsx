// A product already in the cart: the packs there, changed in place with the cart page's own
// editor (decision 99); − at one pack takes the line out. On a card, the product page and the
// phone's buy bar.
import type { Product } from "@trade-shop/contracts/catalogue";
import { QuantityEditor } from "@/lib/ui/quantity-editor";
import { useProductStanding, type ProductActions } from "@/entities/shopper";

export function InCartStepper({ product, actions }: { product: Product; actions: ProductActions }) {
  const { inCart: packsInCart, cartBusy } = useProductStanding(product.skuCode);
  return (
    <QuantityEditor
      key={packsInCart}
      quantity={packsInCart}
      description={product.skuDescription}
      busy={cartBusy}
      label="In cart (packs)"
      onChange={(packs) => actions.setCartQuantity(product.skuCode, packs)}
      onRemove={() => actions.setCartQuantity(product.skuCode, 0)}
      removeLabel={`Remove ${product.skuDescription} from the cart`}
    />
  );
}
