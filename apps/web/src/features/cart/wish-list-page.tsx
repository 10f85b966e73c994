// /wish-list: products saved for later, each with its picture, price and stock, a button that
// moves it into the cart (then off the wishlist) and one that removes it.
import { Heart, ShoppingCart } from "lucide-react";
import type { WishlistItem } from "@trade-shop/contracts/wishlist";
import { formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { StockStatus } from "@/entities/products";
import { addCommandFor, useAddToCart } from "@/entities/cart";
import { ShoppingListLine, ShoppingListLines, ShoppingListPage } from "./shopping-list-page";
import { useRemoveFromWishlist, useWishlist } from "@/entities/wishlist";

function WishlistLine({ item, busy }: { item: WishlistItem; busy: boolean }) {
  const addToCart = useAddToCart();
  const remove = useRemoveFromWishlist();
  const outOfStock = item.stockOnHand <= 0;
  const moving = addToCart.isPending;
  const moveToCart = () => {
    if (busy || moving || outOfStock) return;
    const command = addCommandFor(
      {
        skuCode: item.productId,
        dealReference: item.dealReference,
        minOrderQuantityDiscount: item.minOrderQuantityDiscount,
      },
      item.quantity,
    );
    addToCart.mutate(command, { onSuccess: () => remove.mutate(item.productId) });
  };

  const moveLabel = outOfStock ? "Out of stock" : "Move to cart";
  return (
    <ShoppingListLine
      line={item}
      busy={busy}
      actions={
        <button
          type="button"
          className={`${buttonClass()} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
          aria-disabled={busy || moving || outOfStock}
          // The name starts with what the button says (WCAG 2.5.3), then which product.
          aria-label={`${moveLabel}: ${item.productDescription}`}
          onClick={moveToCart}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          {moveLabel}
        </button>
      }
      actionsClassName="items-center gap-2"
      removeLabel={`Remove ${item.productDescription} from wishlist`}
      onRemove={() => remove.mutate(item.productId)}
    >
      <p className="text-sm tabular-nums">
        Qty {item.quantity} · <span className="font-semibold">{formatRand(item.totalPriceIncl)}</span>{" "}
        <span className="text-muted">incl. VAT</span>
      </p>
      <StockStatus stockOnHand={item.stockOnHand} />
    </ShoppingListLine>
  );
}

export function WishListPage() {
  const { wishlist, isLoading, isBusy, isCommandPending, shopper } = useWishlist();
  return (
    <ShoppingListPage
      title="Wishlist"
      what="wishlist"
      shopper={shopper}
      isLoading={isLoading}
      emptyIcon={Heart}
      emptyText="Your wishlist is empty. Tap the heart on a product to keep it here for later."
      className="max-w-4xl"
    >
      {wishlist && wishlist.wishlistItems.length > 0 && (
        <ShoppingListLines label="Products on your wishlist" busy={isBusy} className="mt-4">
          {wishlist.wishlistItems.map((item) => (
            <WishlistLine key={item.productId} item={item} busy={isCommandPending} />
          ))}
        </ShoppingListLines>
      )}
    </ShoppingListPage>
  );
}
