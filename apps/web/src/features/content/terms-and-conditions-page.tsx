import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function TermsAndConditionsPage() {
  return (
    <PlaceholderPage
      title="Terms & Conditions"
      summary="The terms that apply to trading with Trade Shop will be set out here."
    />
  );
}
