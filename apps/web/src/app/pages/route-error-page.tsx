// Shown when a page fails to render or its code cannot be loaded (for example after a new
// release replaced the old files): the user gets a way forward instead of a blank screen.
import { useEffect } from "react";
import { Link, useRouteError } from "react-router";
import { House, RefreshCw } from "lucide-react";
import { buttonClass } from "@/lib/ui/button-styles";
import { useDocumentTitle } from "@/lib/use-document-title";

export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle("Something went wrong");
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section
      aria-labelledby="page-title"
      role="alert"
      className="mx-auto max-w-xl px-4 py-10 text-center sm:py-14"
    >
      <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Something went wrong
      </h1>
      <p className="mt-3 text-muted">
        This page could not be shown. Reload to try again; if it keeps happening, please contact sales
        support.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Reload page
        </button>
        <Link to="/" reloadDocument className={buttonClass("secondary")}>
          <House aria-hidden="true" className="size-4" />
          Home
        </Link>
      </div>
    </section>
  );
}
