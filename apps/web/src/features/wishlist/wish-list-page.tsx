import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function WishListPage() {
  return (
    <PlaceholderPage
      title="Wishlist"
      summary="Products you save for later will be listed here, ready to add to your cart."
    />
  );
}
