// The footer's step: absent from the app's first render, there a task later, and at once in every
// render after the app has started. The media query follows the screen as it changes.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { useAfterFirstRender, useMediaQuery } from "./in-steps";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Later() {
  return useAfterFirstRender() ? <p>below the first screen</p> : null;
}

describe("useAfterFirstRender", () => {
  it("leaves its part out of the first render, builds it a task later, then at once", async () => {
    render(<Later />);
    expect(screen.queryByText("below the first screen")).toBeNull();
    expect(await screen.findByText("below the first screen")).toBeDefined();

    cleanup();
    render(<Later />);
    expect(screen.getByText("below the first screen")).toBeDefined();
  });
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
