// Less work in the app's first task on a phone (issue 14: Lighthouse counts every task over 50 ms,
// at a phone's speed, as blocking): what the first screen does not show is built a task later,
// or not at all on a screen where it is hidden.
import { useEffect, useState, useSyncExternalStore } from "react";

/**
 * A Back or Forward load has a scroll position to restore, which may lie in the footer's height:
 * such a load builds the whole frame at once.
 */
function isBackForwardLoad(): boolean {
  const [entry] = performance.getEntriesByType?.("navigation") ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === "back_forward";
}

let appStarted = isBackForwardLoad();

/**
 * False in the app's very first render and true one task later (true from the start after
 * that): for parts of the frame the first screen does not show, such as the footer.
 */
export function useAfterFirstRender(): boolean {
  const [ready, setReady] = useState(appStarted);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => {
      appStarted = true;
      setReady(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [ready]);
  return ready;
}

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
