// What the server hands the browser with a page it rendered (docs/decisions/0140), as JSON in a
// data block (not a script the browser runs, so the Content-Security-Policy has nothing to allow):
// whether the page was rendered with its data for a visitor ("page", to be hydrated) or is the
// layout around a loading page ("shell", which the app replaces as it starts), the query cache
// the page was rendered from, and the router's state.
import type { DehydratedState } from "@tanstack/react-query";
import type { HydrationState } from "react-router";

export const PAGE_STATE_ID = "tradeshop-state";

export interface PageState {
  rendered: "page" | "shell";
  /** When the server served the page, if this is the service worker's copy of it (offline). */
  offlineCopyOf?: number;
  queries?: DehydratedState;
  router?: HydrationState;
}

/** The JSON of `state`, safe inside an HTML element: no "<" to end it early. */
export function pageStateJson(state: PageState): string {
  return JSON.stringify(state).replace(/</g, "\\u003c");
}

/** The state the server put in the page, or null (the development server, the offline copy of the page). */
export function readPageState(): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
}
