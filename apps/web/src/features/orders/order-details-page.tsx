import { useParams } from "react-router";
import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function OrderDetailsPage() {
  const { id = "" } = useParams();
  return (
    <PlaceholderPage
      title={`Order ${id}`}
      summary="The date ordered, back-office status, order lines and totals incl. and excl. VAT will be shown here."
    />
  );
}
