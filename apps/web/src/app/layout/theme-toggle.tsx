import { Moon, Sun } from "lucide-react";
import { setTheme, useTheme } from "@/lib/theme";

/** A switch for the dark theme; `showLabel` spells it out where there is room (the side menu). */
export function ThemeToggle({ className, showLabel = false }: { className: string; showLabel?: boolean }) {
  const dark = useTheme() === "dark-theme";
  const Icon = dark ? Sun : Moon;
  return (
    <button
      type="button"
      aria-pressed={dark}
      aria-label={showLabel ? undefined : "Dark theme"}
      title="Dark theme"
      onClick={() => setTheme(dark ? "light-theme" : "dark-theme")}
      className={className}
    >
      <Icon aria-hidden="true" className="size-5" />
      {showLabel && <span>Dark theme</span>}
    </button>
  );
}
