import { Link } from "react-router";
import { appRoutes } from "@trade-shop/contracts/routes";
import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function LoginPage() {
  return (
    <PlaceholderPage
      title="Login"
      summary="Log in here with your username or e-mail address and your password."
    >
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link
          className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
          to={appRoutes.auth.forgotPassword}
        >
          Forgot your password?
        </Link>
        <Link
          className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
          to={appRoutes.registerAccount}
        >
          New customer? Register
        </Link>
      </p>
    </PlaceholderPage>
  );
}
