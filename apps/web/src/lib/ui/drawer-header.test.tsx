// The one drawer header: the title it is given, and a close button named for what it closes.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DrawerHeader } from "./drawer-header";

afterEach(cleanup);

describe("DrawerHeader", () => {
  it("shows its title beside a close button with the name it is given", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <DrawerHeader closeLabel="Close filters" onClose={onClose}>
        <h2>Filters</h2>
      </DrawerHeader>,
    );
    expect(screen.getByRole("heading", { name: "Filters" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Close filters" }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
