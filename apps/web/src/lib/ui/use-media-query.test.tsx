// The media query answers for the screen now and follows it as it changes.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { useMediaQuery } from "./use-media-query";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Wide() {
  return <p>{useMediaQuery("(min-width: 64rem)") ? "wide" : "narrow"}</p>;
}

describe("useMediaQuery", () => {
  it("answers the query now and again when the screen changes", () => {
    let matches = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal("matchMedia", (query: string) => ({
      media: query,
      get matches() {
        return matches;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }));
    render(<Wide />);
    expect(screen.getByText("narrow")).toBeDefined();

    matches = true;
    act(() => listeners.forEach((listener) => listener()));
    expect(screen.getByText("wide")).toBeDefined();
  });
});
