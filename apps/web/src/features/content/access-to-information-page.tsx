import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function AccessToInformationPage() {
  return (
    <PlaceholderPage
      title="Access to Information"
      summary="Our manual under the Promotion of Access to Information Act (PAIA) will be published here."
    />
  );
}
