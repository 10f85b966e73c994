// Back-to-top button (SPEC §2) with a ring that fills as the page scrolls. Scroll position is
// read through useSyncExternalStore, so React re-renders only when the rounded value changes.
import { useSyncExternalStore } from "react";
import { ArrowUp } from "lucide-react";

const SHOW_AFTER_PX = 400;
const RADIUS = 21;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function subscribe(onChange: () => void) {
  window.addEventListener("scroll", onChange, { passive: true });
  window.addEventListener("resize", onChange);
  return () => {
    window.removeEventListener("scroll", onChange);
    window.removeEventListener("resize", onChange);
  };
}

/** Percent of the page scrolled, 0 to 100. */
function scrolledPercent(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  return scrollable > 0 ? Math.min(100, Math.round((window.scrollY / scrollable) * 100)) : 0;
}

const isPastThreshold = () => window.scrollY > SHOW_AFTER_PX;

export function BackToTop() {
  const percent = useSyncExternalStore(subscribe, scrolledPercent);
  const visible = useSyncExternalStore(subscribe, isPastThreshold);

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
