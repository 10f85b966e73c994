import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function ContactPage() {
  return (
    <PlaceholderPage
      title="Contact us"
      summary="A form to send your enquiry to our sales team will be here."
    />
  );
}
