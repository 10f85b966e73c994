// What the buying pages show a visitor, or a login without a customer account: why there is
// nothing here, and a way to log in that comes back to this page.
import { Link, useLocation } from "react-router";
import { LogIn } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { useSession } from "../session";
import { buttonClass } from "./button-styles";

export function LoginPrompt({ what }: { what: string }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session) {
    return (
      <p className="mt-4 rounded-xl border border-line bg-surface p-6 text-muted">
        Your login is not linked to a customer account, so it has no {what}. Log in with a customer account to
        order.
      </p>
    );
  }
  return (
    <div className="mt-4 flex flex-col items-start gap-4 rounded-xl border border-line bg-surface p-6">
      <p className="text-muted">Log in to see your {what}.</p>
      <Link
        to={`${appRoutes.login}?${new URLSearchParams({ returnUrl: pathname + search })}`}
        className={buttonClass()}
      >
        <LogIn aria-hidden="true" className="size-4" />
        Log in
      </Link>
    </div>
  );
}
