import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function ForgotPasswordPage() {
  return (
    <PlaceholderPage
      title="Forgot password"
      summary="Enter your e-mail address here to receive a link for choosing a new password."
    />
  );
}
