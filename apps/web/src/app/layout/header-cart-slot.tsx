// The header's wishlist and cart (docs/screens.md), shown to logged-in users only (docs/product.md). This is
// the one place the buying feature plugs into the header: the wishlist count link and the
// cart dropdown, styled with the header's own classes.
import { Link } from "react-router";
import { Heart } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { CartDropdown } from "@/features/cart/components/cart-dropdown";
import { useWishlist } from "@/entities/wishlist";
import { headerCountBadge, headerIconButton } from "./header-styles";

function WishlistLink() {
  const count = useWishlist().wishlist?.numberOfItems ?? 0;
  return (
    <Link
      to={appRoutes.wishList}
      className={headerIconButton}
      aria-label={`Wishlist, ${count} ${count === 1 ? "item" : "items"}`}
      title="Wishlist"
    >
      <Heart aria-hidden="true" className="size-6" />
      <span aria-hidden="true" className={headerCountBadge}>
        {count}
      </span>
    </Link>
  );
}

export function HeaderCartSlot() {
  return (
    <>
      <WishlistLink />
      <CartDropdown triggerClassName={headerIconButton} badgeClassName={headerCountBadge} />
    </>
  );
}
