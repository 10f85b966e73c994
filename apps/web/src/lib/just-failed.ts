// A failure said moments ago (its toast still on screen) is not asked again just because a page
// mounted: the app's start asks for a catalogue page's data before the page mounts
// (prefetch-page.ts), and a refusal that came first would otherwise be asked and said twice.
// A failure older than this is asked again on mounting, as TanStack Query does by default.
import type { Query } from "@tanstack/react-query";
import { ERROR_TOAST_MS } from "./api-client";

/**
 * For a query's `retryOnMount`: ask again unless the last failure came while its toast would
 * still be on screen (docs/rules.md's 5 seconds).
 */
export function unlessJustFailed(query: Pick<Query, "state">, now = Date.now()): boolean {
  return now - query.state.errorUpdatedAt >= ERROR_TOAST_MS;
}
