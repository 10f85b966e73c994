// Finding a staff member in the company directory (SearchActiveDirectoryUsers) to add them as a
// directory user. A shop without a directory answers 503, shown here as a plain explanation.
import { useId, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle, Search, UserCheck } from "lucide-react";
import type { DirectoryUser } from "@trade-shop/contracts/identity";
import { ApiError } from "@/lib/api-client";
import { buttonClass } from "@/lib/ui/button-styles";
import { FormAlert, inputClass, labelClass } from "@/lib/ui/form-controls";
import { directorySearchQueryOptions } from "./api/users";

const NOT_CONFIGURED_HELP =
  "Staff can still be added with a username and password in the form below. An operator connects the directory by setting LDAP_URL and its service account.";

function directoryProblem(error: Error): { title: string; help: string } {
  if (error instanceof ApiError && error.status === 503) {
    return { title: error.message, help: NOT_CONFIGURED_HELP };
  }
  return { title: "The directory search failed", help: error.message };
}

export function DirectorySearch({ onPick }: { onPick: (person: DirectoryUser) => void }) {
  const inputId = useId();
  const [text, setText] = useState("");
  const [submitted, setSubmitted] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const search = useQuery(directorySearchQueryOptions(submitted));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const term = text.trim();
    if (term === "") {
      setFormError("Enter part of a username to search for");
      return;
    }
    setFormError(null);
    if (term === submitted) void search.refetch();
    setSubmitted(term);
  };

  const problem = search.error ? directoryProblem(search.error) : null;

  return (
    <section
      aria-labelledby="directory-title"
      className="rounded-xl border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id="directory-title" className="text-base font-bold">
        Add a staff member from the directory
      </h2>
      <form role="search" aria-label="Directory" onSubmit={onSubmit} noValidate className="mt-3">
        <label htmlFor={inputId} className={labelClass}>
          Directory username
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Start of their Windows username"
            autoComplete="off"
            aria-invalid={formError ? true : undefined}
            aria-describedby={formError ? `${inputId}-error` : undefined}
            className={`${inputClass(Boolean(formError))} sm:flex-1`}
          />
          <button
            type="submit"
            className={`${buttonClass("secondary")} sm:mt-1.5`}
            disabled={search.isFetching}
          >
            {search.isFetching ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Search aria-hidden="true" className="size-4" />
            )}
            Search directory
          </button>
        </div>
        {formError && (
          <p id={`${inputId}-error`} className="mt-1.5 text-sm font-medium text-danger">
            {formError}
          </p>
        )}
      </form>

      <div className="mt-4" aria-live="polite">
        {problem && (
          <FormAlert title={problem.title}>
            <p>{problem.help}</p>
          </FormAlert>
        )}
        {search.data && search.data.length === 0 && (
          <p className="text-muted">Nobody in the directory has a username starting with “{submitted}”.</p>
        )}
        {search.data && search.data.length > 0 && (
          <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Directory people">
            {search.data.map((person) => (
              <li key={person.guid} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-semibold">{person.name}</p>
                  <p className="break-all text-sm text-muted">
                    {person.samAccountName}
                    {person.emailAddress && ` · ${person.emailAddress}`}
                    {!person.enabled && " · disabled in the directory"}
                    {person.isAccountLockedOut && " · locked in the directory"}
                  </p>
                </div>
                <button type="button" onClick={() => onPick(person)} className={buttonClass("secondary")}>
                  <UserCheck aria-hidden="true" className="size-4" />
                  Use<span className="sr-only"> {person.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
