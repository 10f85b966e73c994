import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function RegisterAccountPage() {
  return (
    <PlaceholderPage
      title="Register"
      summary="Register here with your customer account number and a one-time PIN sent to your phone or e-mail."
    />
  );
}
