import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function ResetPasswordPage() {
  return (
    <PlaceholderPage
      title="Reset password"
      summary="Choose a new password here after following the link in your e-mail."
    />
  );
}
