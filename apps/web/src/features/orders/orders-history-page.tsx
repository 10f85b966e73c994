import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function OrdersHistoryPage() {
  return (
    <PlaceholderPage
      title="Order history"
      summary="Your past orders will be listed here with their date, totals and back-office status."
    />
  );
}
