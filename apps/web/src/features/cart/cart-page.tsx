import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function CartPage() {
  return (
    <PlaceholderPage
      title="Cart"
      summary="The products in your cart will be listed here, with quantities, deal prices and totals incl. and excl. VAT."
    />
  );
}
