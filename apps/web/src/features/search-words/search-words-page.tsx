// /manage/search (Staff and Admin): the words the search treats as the same, and what
// customers searched for that found nothing. Staff keep synonym groups ("crisps, chips") one
// group a line, words apart by commas, and save them all at once; every server process uses
// them at once. Below, the last 30 days' searches that found nothing, most searched first,
// with what the searchers said they were looking for — the list to add synonyms from.
import { useId, useState } from "react";
import { Plus, Save, Trash2 } from "lucide-react";
import { SynonymGroups, type SavedSynonymGroups } from "@trade-shop/contracts/catalogue-search";
import { formatDateTime } from "@/lib/format";
import { CatalogueChangeList, SharedCatalogueNotice } from "@/entities/catalogue-changes";
import { formatCount } from "@/entities/products";
import { buttonClass } from "@/lib/ui/button-styles";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { successToast } from "@/lib/ui/toasts";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSaveSynonyms, useSynonyms, useZeroResultSearches } from "./api";

/** A group as staff type it: its words apart by commas. */
const groupText = (terms: readonly string[]) => terms.join(", ");
const termsOf = (text: string) =>
  text
    .split(",")
    .map((term) => term.trim())
    .filter((term) => term !== "");

/** The first error of each group, by its place in the list. */
function groupErrors(texts: readonly string[]): Map<number, string> {
  const parsed = SynonymGroups.safeParse({ groups: texts.map((text) => ({ terms: termsOf(text) })) });
  const errors = new Map<number, string>();
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const [, at] = issue.path;
    if (typeof at === "number" && !errors.has(at)) errors.set(at, issue.message);
  }
  return errors;
}

function SynonymEditor({ saved }: { saved: SavedSynonymGroups }) {
  const id = useId();
  const save = useSaveSynonyms();
  const [texts, setTexts] = useState(() => saved.groups.map((group) => groupText(group.terms)));
  const [errors, setErrors] = useState<Map<number, string>>(new Map());
  const change = (at: number, text: string | null) => {
    setTexts((now) =>
      text === null ? now.filter((_, i) => i !== at) : now.map((t, i) => (i === at ? text : t)),
    );
    setErrors(new Map());
  };

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-line bg-surface p-4"
      onSubmit={(event) => {
        event.preventDefault();
        // Lines left empty are dropped; the rest must each be a valid group.
        const kept = texts.filter((text) => termsOf(text).length > 0);
        const found = groupErrors(kept);
        if (found.size > 0 || kept.length !== texts.length) {
          setTexts(kept);
          setErrors(found);
          if (found.size > 0) return;
        }
        save.mutate(
          kept.map((text) => ({ terms: termsOf(text) })),
          {
            onSuccess: (answer) => {
              setTexts(answer.groups.map((group) => groupText(group.terms)));
              successToast("Synonyms saved", {
                description: `${formatCount(answer.groups.length)} groups; searches use them now.`,
              });
            },
          },
        );
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Words that mean the same
      </h2>
      <p className="mt-1 max-w-prose text-sm text-muted">
        One group a line, its words apart by commas. A search for any word of a group finds what the others
        find: &ldquo;crisps&rdquo; finds chips. A word belongs to one group.
      </p>
      <ol aria-label="Synonym groups" className="mt-3 grid gap-2">
        {texts.map((text, at) => {
          const error = errors.get(at);
          return (
            <li key={at} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2">
              <div>
                <label htmlFor={`${id}-group-${at}`} className="sr-only">
                  Group {at + 1}
                </label>
                {/* Grows with its words, so a long group is read whole; a line break becomes a comma. */}
                <textarea
                  id={`${id}-group-${at}`}
                  value={text}
                  rows={1}
                  onChange={(event) => change(at, event.target.value.replace(/\s*\n\s*/g, ", "))}
                  aria-invalid={error !== undefined}
                  aria-describedby={error ? `${id}-error-${at}` : undefined}
                  placeholder="crisps, chips"
                  className={`block min-h-11 w-full resize-none rounded-lg border bg-surface px-3 py-2 text-base text-fg field-sizing-content ${
                    error ? "border-danger" : "border-line"
                  }`}
                />
                {error && (
                  <p id={`${id}-error-${at}`} className="mt-1 text-sm font-medium text-danger">
                    {error}
                  </p>
                )}
              </div>
              <button
                type="button"
                aria-label={`Remove group ${at + 1}`}
                onClick={() => change(at, null)}
                className="inline-flex size-11 items-center justify-center rounded-lg border border-line hover:bg-surface-2"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass("secondary")}
          onClick={() => {
            setTexts((now) => [...now, ""]);
            // The new line is the one to type in.
            requestAnimationFrame(() => document.getElementById(`${id}-group-${texts.length}`)?.focus());
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a group
        </button>
        <button type="submit" className={buttonClass()} aria-disabled={save.isPending}>
          <Save aria-hidden="true" className="size-4" />
          {save.isPending ? "Saving…" : "Save synonyms"}
        </button>
      </div>
    </form>
  );
}

function ZeroResults() {
  const id = useId();
  const misses = useZeroResultSearches();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-line bg-surface p-4">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Searches that found nothing
      </h2>
      <p className="mt-1 text-sm text-muted">The last 30 days, most searched first.</p>
      {misses.isPending ? (
        <Loading label="Loading the searches" />
      ) : misses.isError ? (
        <LoadFailed
          variant="inline"
          message="We could not load the searches."
          error={misses.error}
          onRetry={() => void misses.refetch()}
        />
      ) : misses.data.searches.length === 0 ? (
        <p className="mt-3">Every search found something.</p>
      ) : (
        <ul aria-label="Searches that found nothing" className="mt-3 divide-y divide-line">
          {misses.data.searches.map((miss) => (
            <li key={miss.searchText} className="py-2">
              <p className="flex flex-wrap items-baseline justify-between gap-x-4">
                <span className="font-semibold">&ldquo;{miss.searchText}&rdquo;</span>
                <span className="text-sm tabular-nums text-muted">
                  {miss.searches === 1 ? "1 search" : `${formatCount(miss.searches)} searches`} · last{" "}
                  {formatDateTime(miss.lastSeen)}
                </span>
              </p>
              {miss.notes.length > 0 && (
                <ul aria-label={`What searchers said about ${miss.searchText}`} className="mt-1 grid gap-1">
                  {miss.notes.map((note, i) => (
                    <li key={i} className="rounded-md bg-surface-2 px-2 py-1 text-sm">
                      {note}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SearchWordsPage() {
  useDocumentTitle("Search words");
  const synonyms = useSynonyms();
  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Search words
      </h1>
      <p className="mt-2 max-w-prose text-muted">
        Teach the search the words your customers use, and see what they looked for and did not find.
      </p>
      <div className="mt-3 max-w-prose">
        <SharedCatalogueNotice what="Search words" />
      </div>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        {synonyms.isPending ? (
          <Loading label="Loading the synonyms" />
        ) : synonyms.isError ? (
          <LoadFailed
            message="We could not load the synonyms."
            error={synonyms.error}
            onRetry={() => void synonyms.refetch()}
          />
        ) : (
          <SynonymEditor saved={synonyms.data} />
        )}
        <ZeroResults />
        <div className="rounded-xl border border-line bg-surface p-4 lg:col-span-2">
          <CatalogueChangeList
            title="Recent changes to the search words"
            query={{ kind: "search_words_changed" }}
            empty="No one has changed the search words yet."
          />
        </div>
      </div>
    </section>
  );
}
