import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function AddressesPage() {
  return (
    <PlaceholderPage
      title="Addresses"
      summary="The delivery addresses on your customer account will be shown here."
    />
  );
}
