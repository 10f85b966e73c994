// Whether a CSS media query matches, following changes: for parts a screen hides, so that a
// phone does not build them at all (issue 14: less work in the first task on a phone).
import { useSyncExternalStore } from "react";

/** Whether `query` matches now, following changes; true where the browser cannot tell (tests). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => typeof window.matchMedia !== "function" || window.matchMedia(query).matches,
  );
}
