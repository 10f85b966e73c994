// What an applicant has typed, kept in this browser as they type (a phone's tab is often closed,
// reloaded or offline halfway through a long form) and given back when /apply opens again.
// Files are not kept: a few megabytes of documents do not fit in localStorage, and a file is
// chosen again in a moment. The draft goes once the application is sent.
import { browserStorage } from "@/lib/login-storage";
import { DRAFT_FIELDS, EMPTY_APPLICATION, type ApplicationValues } from "./application-fields";

export const DRAFT_KEY = "tradeshop.applicationDraft";

/** The typed fields (DRAFT_FIELDS: no files, no PIN). */
type Draft = Partial<ApplicationValues>;

/** The typed fields of `values` (no files, no PIN). */
export function draftOf(values: Partial<ApplicationValues>): Draft {
  return Object.fromEntries(
    DRAFT_FIELDS.filter((name) => values[name] !== undefined).map((name) => [name, values[name]]),
  );
}

/** Whether anything at all was typed (a draft of empty fields is no draft). */
function hasContent(draft: Draft): boolean {
  return DRAFT_FIELDS.some((name) => draft[name] !== undefined && draft[name] !== EMPTY_APPLICATION[name]);
}

export function saveDraft(values: Partial<ApplicationValues>): void {
  const draft = draftOf(values);
  try {
    if (hasContent(draft)) browserStorage()?.setItem(DRAFT_KEY, JSON.stringify(draft));
    else browserStorage()?.removeItem(DRAFT_KEY);
  } catch {
    // Storage full or refused (a private window): the form still works, it is only not kept.
  }
}

/** The kept draft over empty fields, or null when there is none; a field of the wrong type is ignored. */
export function readDraft(): ApplicationValues | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(browserStorage()?.getItem(DRAFT_KEY) ?? "null");
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const kept = parsed as Record<string, unknown>;
  const values: ApplicationValues = { ...EMPTY_APPLICATION };
  for (const name of DRAFT_FIELDS) {
    if (typeof kept[name] === typeof EMPTY_APPLICATION[name]) Object.assign(values, { [name]: kept[name] });
  }
  return hasContent(values) ? values : null;
}

export function forgetDraft(): void {
  try {
    browserStorage()?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept, or nothing to reach: either way no draft is read back.
  }
}
