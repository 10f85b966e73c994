import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function CheckoutPage() {
  return (
    <PlaceholderPage
      title="Checkout"
      summary="Your delivery details and order summary will be here, ready to place the order."
    />
  );
}
