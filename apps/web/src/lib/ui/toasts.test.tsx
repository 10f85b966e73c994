import { afterEach, describe, expect, it, vi } from "vitest";
import { screenIs } from "@/lib/testing/screen-width";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { Toaster, toast as sonnerToast } from "sonner";
import { dismissErrorToasts, successToast, toast } from "./toasts";

afterEach(() => {
  act(() => void sonnerToast.dismiss());
  cleanup();
  vi.restoreAllMocks();
});

describe("successToast", () => {
  it("clears the error toasts of earlier attempts and keeps warnings", async () => {
    screenIs(1280);
    render(<Toaster />);
    act(() => {
      toast.error("Couldn't add item");
      toast.warning("Prices have changed");
    });
    await screen.findByText("Couldn't add item");
    act(() => void successToast("Item added to wishlist"));
    await screen.findByText("Item added to wishlist");
    await waitFor(() => expect(screen.queryByText("Couldn't add item")).toBeNull());
    expect(screen.getByText("Prices have changed")).toBeTruthy();
  });

  it("dismissErrorToasts on its own leaves successes alone", async () => {
    screenIs(1280);
    render(<Toaster />);
    act(() => {
      toast.error("An error occurred");
      toast.success("Saved");
    });
    await screen.findByText("An error occurred");
    act(() => dismissErrorToasts());
    await waitFor(() => expect(screen.queryByText("An error occurred")).toBeNull());
    expect(screen.getByText("Saved")).toBeTruthy();
  });
});
