import { Link, useSearchParams } from "react-router";
import { House, LogIn } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { buttonClass } from "@/lib/ui/button-styles";
import { useSession } from "@/lib/session";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Only same-site paths are carried on to the login page, so the link can never lead elsewhere. */
function safeReturnUrl(value: string | null): string | null {
  return value && value.startsWith("/") && !value.startsWith("//") ? value : null;
}

export function AuthorizationDeniedPage() {
  useDocumentTitle("Auth denied");
  const session = useSession();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get("returnUrl"));
  const loginHref = returnUrl ? `${appRoutes.login}?${new URLSearchParams({ returnUrl })}` : appRoutes.login;

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-xl py-8 text-center sm:py-14">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Auth denied
      </h1>
      <p className="mt-3 text-muted">
        {session
          ? "Your account does not have access to this page. Contact sales support if you think it should."
          : "You need to be logged in to see this page. Log in with your trade account and try again."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {!session && (
          <Link to={loginHref} className={buttonClass()}>
            <LogIn aria-hidden="true" className="size-4" />
            Log in
          </Link>
        )}
        <Link to="/" className={buttonClass(session ? "primary" : "secondary")}>
          <House aria-hidden="true" className="size-4" />
          Home
        </Link>
      </div>
    </section>
  );
}
