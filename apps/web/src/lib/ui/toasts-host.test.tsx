// The toasts' host stays empty (sonner not loaded) until the buyer first presses a key or the
// screen, then holds sonner's live region, where a toast raised later appears; and where the
// toasts come up on a phone and on a desktop. sonner, once loaded, stays loaded in this worker:
// the first test must come first.
import { afterEach, describe, expect, it, vi } from "vitest";
import { screenIs } from "@/lib/testing/screen-width";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonnerToast } from "sonner";
import { Toasts } from "./toasts-host";
import { loadToasts, successToast, toast } from "./toasts";

/** The shop's host, its Toaster mounted (a toast raised before that is not shown). */
async function renderHost() {
  render(<Toasts position="top-right" />);
  await act(async () => void (await loadToasts()));
  await screen.findByRole("region", { name: /Notifications/ });
}

afterEach(() => {
  act(() => void sonnerToast.dismiss());
  cleanup();
  vi.restoreAllMocks();
});

describe("Toasts", () => {
  it("loads sonner at the first key press and shows the toasts raised after", async () => {
    const user = userEvent.setup();
    render(<Toasts />);
    expect(screen.queryByRole("region", { name: /Notifications/ })).toBeNull();

    await user.keyboard("{Tab}");
    expect(await screen.findByRole("region", { name: /Notifications/ })).toBeDefined();

    act(() => toast.warning("Prices have changed"));
    expect(await screen.findByText("Prices have changed")).toBeDefined();
  });

  it.each([
    [390, "bottom-center", "bottom-center"],
    [1280, "bottom-center", "top-right"],
  ])("at %i px comes up %s, and a warning %s", async (width, success, warning) => {
    screenIs(width);
    await renderHost();
    act(() => {
      toast.warning("Prices have changed");
      successToast("Order placed");
    });
    const placeOf = async (text: string) => {
      const toaster = (await screen.findByText(text)).closest("[data-sonner-toaster]");
      return `${toaster?.getAttribute("data-y-position")}-${toaster?.getAttribute("data-x-position")}`;
    };
    expect(await placeOf("Order placed")).toBe(success);
    expect(await placeOf("Prices have changed")).toBe(warning);
  });

  it("stands a phone's toasts above a bar fixed to the bottom of the screen", async () => {
    screenIs(390);
    await renderHost();
    act(() => void successToast("Item(s) added to cart"));
    const toaster = (await screen.findByText("Item(s) added to cart")).closest<HTMLElement>(
      "[data-sonner-toaster]",
    );
    expect(toaster?.style.getPropertyValue("--mobile-offset-bottom")).toBe("var(--ts-toast-bottom)");
  });
});
