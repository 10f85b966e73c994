// Component tests at a phone's or a desktop's width: window.matchMedia answers the shop's phone
// query (PHONE_QUERY, toasts.ts) as a screen `width` px wide would. Undo with vi.restoreAllMocks().
import { vi } from "vitest";
import { PHONE_QUERY } from "@/lib/ui/toasts";

export function screenIs(width: number) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: query === PHONE_QUERY && width <= 600,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}
