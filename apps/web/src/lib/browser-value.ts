// A value only the browser knows (its user agent, a setting in its storage), read so that a page
// rendered on the server hydrates with what the server rendered and shows the browser's own value
// straight after, rather than a mismatch (docs/decisions/0140).
import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/** `read()` in the browser, `serverValue` on the server and while the page hydrates. `read` must return the same value each call. */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(unchanging, read, () => serverValue);
}
