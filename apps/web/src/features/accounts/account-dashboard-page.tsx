import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function AccountDashboardPage() {
  return (
    <PlaceholderPage
      title="My Account"
      summary="Your account details, current balance and remaining credit will be shown here."
    />
  );
}
