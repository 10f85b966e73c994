// Back-to-top button (docs/screens.md) with a ring that fills as the page scrolls. Scroll position is
// read through useSyncExternalStore, so React re-renders only when the rounded value changes; it is
// measured in the scroll and resize events, not during a render.
import { useSyncExternalStore } from "react";
import { ArrowUp } from "lucide-react";

const SHOW_AFTER_PX = 400;
const RADIUS = 21;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The page's position as last seen by a scroll or resize event. It is read there, never while
 * rendering: reading it makes the browser lay the page out on the spot, and a render that does so
 * holds a phone's main thread for the whole layout of the page as it loads.
 */
let seen = { percent: 0, past: false };

function look() {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  const y = window.scrollY;
  seen = {
    percent: scrollable > 0 ? Math.min(100, Math.round((y / scrollable) * 100)) : 0,
    past: y > SHOW_AFTER_PX,
  };
}

function subscribe(onChange: () => void) {
  const changed = () => {
    look();
    onChange();
  };
  window.addEventListener("scroll", changed, { passive: true });
  window.addEventListener("resize", changed);
  return () => {
    window.removeEventListener("scroll", changed);
    window.removeEventListener("resize", changed);
  };
}

/** Percent of the page scrolled, 0 to 100. */
const scrolledPercent = () => seen.percent;
const isPastThreshold = () => seen.past;

export function BackToTop() {
  const percent = useSyncExternalStore(subscribe, scrolledPercent, () => 0);
  const visible = useSyncExternalStore(subscribe, isPastThreshold, () => false);

  const backToTop = () => {
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? "auto" : "smooth" });
    // The button is about to disappear; put keyboard focus where the page starts.
    document.getElementById("skip-link")?.focus({ preventScroll: true });
  };

  return (
    <button
      type="button"
      onClick={backToTop}
      aria-label="Back to top"
      title={`Back to top (${percent}% scrolled)`}
      className={`back-to-top fixed bottom-4 right-4 z-40 grid size-12 place-items-center rounded-full bg-surface text-brand shadow-lg ring-1 ring-line transition-opacity duration-200 sm:bottom-6 sm:right-6 ${
        visible ? "opacity-100" : "pointer-events-none invisible opacity-0"
      }`}
    >
      <svg aria-hidden="true" viewBox="0 0 48 48" className="absolute inset-0 size-12 -rotate-90">
        <circle cx="24" cy="24" r={RADIUS} fill="none" strokeWidth="3" className="stroke-line" />
        <circle
          cx="24"
          cy="24"
          r={RADIUS}
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
          className="stroke-brand transition-[stroke-dashoffset] duration-150"
        />
      </svg>
      <ArrowUp aria-hidden="true" className="relative size-5" />
    </button>
  );
}
