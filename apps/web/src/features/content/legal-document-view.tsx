// Shows a legal document as a readable page: title, date, a contents list (collapsible on a
// phone, a sticky side column on wide screens) and numbered sections a link can point to.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronDown } from "lucide-react";
import type { LegalBlock, LegalDocument, LegalSection } from "./legal-document";

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{block}</p>;
  if ("list" in block) {
    return (
      <ul className="list-disc space-y-2 pl-5 marker:text-brand">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if ("facts" in block) {
    return (
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-line bg-surface p-4 sm:grid-cols-[minmax(8rem,14rem)_1fr]">
        {block.facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="mb-2 break-words sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    );
  }
  const { caption, head, rows } = block.table;
  return (
    <table className="w-full border-collapse overflow-hidden rounded-lg bg-surface text-left text-sm ring-1 ring-line">
      <caption className="pb-2 text-left font-semibold">{caption}</caption>
      <thead className="bg-surface-2">
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col" className="px-3 py-2 font-semibold">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([subject = "", ...rest]) => (
          <tr key={subject} className="border-t border-line align-top">
            <th scope="row" className="w-1/3 break-words px-3 py-2 font-semibold">
              {subject}
            </th>
            {rest.map((cell) => (
              <td key={cell} className="break-words px-3 py-2">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Moves keyboard focus to the section a contents link points at, not just the scroll position. */
function focusSection(id: string) {
  requestAnimationFrame(() => document.getElementById(`${id}-title`)?.focus({ preventScroll: true }));
}

function Contents({ sections, linkClass }: { sections: readonly LegalSection[]; linkClass: string }) {
  return (
    <ol className="text-sm">
      {sections.map((section, index) => (
        <li key={section.id}>
          <Link to={{ hash: section.id }} onClick={() => focusSection(section.id)} className={linkClass}>
            <span className="w-6 shrink-0 tabular-nums text-muted">{index + 1}.</span>
            {section.title}
          </Link>
        </li>
      ))}
    </ol>
  );
}

const contentsLink =
  "flex min-h-11 items-center gap-1 rounded px-2 py-1 leading-snug underline-offset-4 hover:bg-surface-2 hover:underline";

export function LegalDocumentView({ document, actions }: { document: LegalDocument; actions?: ReactNode }) {
  return (
    <article aria-labelledby="page-title" className="py-6 sm:py-8">
      <div className="max-w-3xl">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {document.title}
        </h1>
        <p className="mt-1 text-sm text-muted">Last updated {document.updated}</p>
        <div className="mt-4 space-y-3 text-base leading-relaxed">
          {document.intro.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
        {actions && <div className="mt-5 flex flex-wrap gap-3">{actions}</div>}
      </div>

      <div className="mt-8 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <details className="group mb-6 rounded-lg border border-line bg-surface lg:hidden">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between px-4 font-semibold [&::-webkit-details-marker]:hidden">
            Contents ({document.sections.length} sections)
            <ChevronDown aria-hidden="true" className="size-5 transition-transform group-open:rotate-180" />
          </summary>
          <nav aria-label="Contents" className="border-t border-line p-2">
            <Contents sections={document.sections} linkClass={contentsLink} />
          </nav>
        </details>
        <nav aria-label="Contents" className="hidden self-start lg:sticky lg:top-4 lg:block">
          <p className="px-2 pb-2 text-xs font-bold uppercase tracking-wide text-muted">Contents</p>
          <Contents sections={document.sections} linkClass={contentsLink} />
        </nav>

        <div className="max-w-3xl space-y-10">
          {document.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-4"
            >
              <h2 id={`${section.id}-title`} tabIndex={-1} className="text-xl font-bold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed">
                {section.blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
