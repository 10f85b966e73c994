// A minimal observable value for the little UI and session state kept outside TanStack Query
// (theme, session, requests in flight), read in React through useSyncExternalStore.
//
// A value read from the browser (its storage, its settings) is not known to the server that
// rendered the page: such a store names the value the server renders with, and a page that is
// hydrated shows that value first and the browser's own straight after (docs/decisions/0140).
import { useSyncExternalStore } from "react";

export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
  /** The value a page rendered on the server was rendered with. */
  readonly serverValue: T;
}

export function createStore<T>(initial: T, serverValue: T = initial): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    serverValue,
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.serverValue);
}
