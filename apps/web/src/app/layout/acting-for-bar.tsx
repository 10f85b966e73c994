// Whom a sales rep is ordering for (decision 127), kept in the sticky header so it is
// never out of sight: "Ordering for {account}" with a way to change it and a way out. A rep who
// has chosen nobody yet is shown where to choose.
import { Link, useNavigate } from "react-router";
import { LogOut, Store } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { stopActingFor, useActingFor } from "@/lib/acting-for";
import { hasRole, useSession } from "@/lib/session";

const barControl =
  "min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-2 font-semibold underline-offset-4 hover:underline sm:px-3";

export function ActingForBar() {
  const session = useSession();
  const acting = useActingFor();
  const navigate = useNavigate();
  if (!hasRole(session, "Rep")) return null;

  if (!acting) {
    return (
      <div className="border-b border-line bg-surface-2">
        <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 px-3 text-sm sm:px-4 lg:px-6">
          <span className="py-1">You are not ordering for a customer.</span>
          <Link
            to={appRoutes.repAccounts}
            className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
          >
            Choose an account
          </Link>
        </p>
      </div>
    );
  }

  const stop = () => {
    stopActingFor();
    void navigate(appRoutes.repAccounts);
  };
  return (
    <section aria-label="Ordering for" className="bg-accent text-on-accent">
      <div className="mx-auto flex max-w-7xl items-center gap-1 px-3 text-sm sm:gap-2 sm:px-4 lg:px-6">
        <Store aria-hidden="true" className="size-4 shrink-0" />
        {/* The whole name, over two lines on a narrow phone rather than cut short. */}
        <p className="min-w-0 flex-1 py-1 leading-snug break-words" data-testid="acting-for">
          Ordering for <strong>{acting.name}</strong>
          <span className="hidden sm:inline"> ({acting.accountId})</span>
        </p>
        <Link to={appRoutes.repAccounts} className={`${barControl} hidden sm:inline-flex`}>
          Change
        </Link>
        <button
          type="button"
          onClick={stop}
          className={`${barControl} inline-flex`}
          aria-label={`Stop ordering for ${acting.name}`}
        >
          <LogOut aria-hidden="true" className="size-4" />
          <span aria-hidden="true">Stop</span>
        </button>
      </div>
    </section>
  );
}
