// A tidy page for a screen whose content arrives in a later issue: its heading and one line
// saying what will be here.
import type { ReactNode } from "react";
import { useDocumentTitle } from "../use-document-title";

interface PlaceholderPageProps {
  title: string;
  summary: string;
  children?: ReactNode;
}

export function PlaceholderPage({ title, summary, children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="page-title" className="max-w-3xl py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        {title}
      </h1>
      <p className="mt-3 text-base text-muted">{summary}</p>
      {children}
    </section>
  );
}
