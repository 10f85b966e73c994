// /wish-list: products saved for later, each with its picture, price and stock, a button that
// moves it into the cart (then off the wishlist) and one that removes it.
import { Link } from "react-router";
import { Heart, ShoppingCart, Trash2 } from "lucide-react";
import type { WishlistItem } from "@trade-shop/contracts/wishlist";
import { DEFAULT_LANDING } from "@trade-shop/contracts/routes";
import { formatRand } from "../../lib/format";
import { buttonClass } from "../../lib/ui/button-styles";
import { useDocumentTitle } from "../../lib/use-document-title";
import { StockStatus } from "../catalogue/components/stock-status";
import { packText } from "../catalogue/product-labels";
import { productPath } from "../catalogue/product-trail";
import { useAddToCart } from "../cart/api/cart";
import { addCommandFor } from "../cart/cart-commands";
import { LineImage } from "../cart/components/line-image";
import { Loading } from "../cart/components/loading";
import { LoginPrompt } from "../cart/components/login-prompt";
import { useRemoveFromWishlist, useWishlist } from "./api/wishlist";

const removeButton =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-muted hover:bg-surface-2 hover:text-danger aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

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

  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-3 py-4 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
      <LineImage imageUrl={item.imageUrl} size="md" />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-semibold leading-snug">
          <Link to={productPath(item.productId)} className="hover:text-brand hover:underline">
            {item.productDescription}
          </Link>
        </h2>
        <p className="text-sm text-muted">
          {item.brand} · {packText(item)} · Code {item.productId}
        </p>
        <p className="text-sm tabular-nums">
          Qty {item.quantity} · <span className="font-semibold">{formatRand(item.totalPriceIncl)}</span>{" "}
          <span className="text-muted">incl. VAT</span>
        </p>
        <StockStatus stockOnHand={item.stockOnHand} />
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:flex-col sm:items-end">
        <button
          type="button"
          className={`${buttonClass()} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
          aria-disabled={busy || moving || outOfStock}
          aria-label={`Move ${item.productDescription} to cart`}
          onClick={moveToCart}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          {outOfStock ? "Out of stock" : "Move to cart"}
        </button>
        <button
          type="button"
          className={removeButton}
          aria-disabled={busy}
          aria-label={`Remove ${item.productDescription} from wishlist`}
          onClick={() => {
            if (!busy) remove.mutate(item.productId);
          }}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </button>
      </div>
    </li>
  );
}

export function WishListPage() {
  useDocumentTitle("Wishlist");
  const { wishlist, isLoading, isBusy, shopper } = useWishlist();

  let body;
  if (shopper === null) body = <LoginPrompt what="wishlist" />;
  else if (isLoading) body = <Loading label="Loading your wishlist" />;
  else if (!wishlist || wishlist.wishlistItems.length === 0) {
    body = (
      <div className="mt-4 flex flex-col items-start gap-4 rounded-xl border border-line bg-surface p-6">
        <p className="flex items-center gap-2 text-muted">
          <Heart aria-hidden="true" className="size-5" />
          Your wishlist is empty. Tap the heart on a product to keep it here for later.
        </p>
        <Link to={DEFAULT_LANDING} className={buttonClass()}>
          Browse products
        </Link>
      </div>
    );
  } else {
    body = (
      <ul
        aria-label="Products on your wishlist"
        aria-busy={isBusy}
        className="mt-4 divide-y divide-line rounded-xl border border-line bg-surface px-4"
      >
        {wishlist.wishlistItems.map((item) => (
          <WishlistLine key={item.productId} item={item} busy={isBusy} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="page-title" className="max-w-4xl py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Wishlist
      </h1>
      {body}
    </section>
  );
}
