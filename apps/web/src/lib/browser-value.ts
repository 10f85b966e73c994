// A value only the browser knows (its user agent, a setting in its storage), read so that a page
// rendered on the server hydrates with what the server rendered and shows the browser's own value
// straight after, rather than a mismatch (docs/decisions/0140).
import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/** `read()` in the browser, `serverValue` on the server and while the page hydrates. `read` must return the same value each call. */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(unchanging, read, () => serverValue);
}

let renderingFromScratch = false;

/**
 * Called by the app's start when it renders the page itself rather than hydrating the server's
 * (a login's page, the offline copy): a long list may then come in two commits, its first screen
 * before the rest, where a hydrated page must match the server's HTML in one.
 */
export function renderFromScratch(): void {
  renderingFromScratch = true;
}

/** Whether the app renders its first page itself (see renderFromScratch). */
export const rendersFromScratch = (): boolean => renderingFromScratch;
