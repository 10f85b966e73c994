// The toasts' host stays empty (sonner not loaded) until the buyer first presses a key or the
// screen, then holds sonner's live region, where a toast raised later appears.
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonnerToast } from "sonner";
import { Toasts } from "./toasts-host";
import { toast } from "./toasts";

afterEach(() => {
  act(() => void sonnerToast.dismiss());
  cleanup();
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
});
