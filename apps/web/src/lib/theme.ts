// The UI theme (docs/behaviour.md: default light-theme), kept in localStorage and applied as a class on
// <html>; the inline script in index.html applies the saved one before the first paint.
import { createStore, useStore } from "./store";

export type Theme = "light-theme" | "dark-theme";

const THEME_KEY = "tradeshop.theme";

function readSavedTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === "dark-theme" ? "dark-theme" : "light-theme";
  } catch {
    return "light-theme";
  }
}

const themeStore = createStore<Theme>(readSavedTheme(), "light-theme");

export function setTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove("light-theme", "dark-theme");
  root.classList.add(theme);
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Private mode or storage full: the theme still applies for this visit.
  }
  themeStore.set(theme);
}

export function useTheme(): Theme {
  return useStore(themeStore);
}
