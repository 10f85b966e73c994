// The frame of the login, registration and password pages: one centred card with the page's
// heading, so the form is the only thing to look at, on a phone as on a desktop.
import type { ReactNode } from "react";
import { useDocumentTitle } from "@/lib/use-document-title";

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  /** Wider cards for forms with more to say (registration). */
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, intro, wide = false, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <section
      aria-labelledby="page-title"
      className={`mx-auto w-full py-6 sm:py-10 ${wide ? "max-w-xl" : "max-w-md"}`}
    >
      <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg">
          {title}
        </h1>
        {intro && <div className="mt-2 text-muted">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-4 text-center text-sm">{footer}</div>}
    </section>
  );
}

export const textLinkClass =
  "inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline";
