import { useRef, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Dialog } from "./dialog";

afterEach(cleanup);

function ModalHarness({ closeOnLinkClick = false }: { closeOnLinkClick?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        closeOnLinkClick={closeOnLinkClick}
        aria-label="Menu"
      >
        <button type="button">First choice</button>
        <a href="#sweets">Sweets</a>
        <button type="button" onClick={() => setOpen(false)}>
          Close menu
        </button>
      </Dialog>
    </>
  );
}

function PopoverHarness() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  return (
    <>
      <button type="button" ref={trigger} onClick={() => setOpen((was) => !was)}>
        Cart
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        modal={false}
        anchor={trigger}
        initialFocus={panel}
        aria-label="Your cart"
      >
        <section ref={panel} tabIndex={-1} aria-label="Lines">
          <button type="button">Remove crisps</button>
        </section>
      </Dialog>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe("Dialog, modal", () => {
  it("shows its contents only while open and closes on Escape, giving focus back to the opener", async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    expect(screen.queryByRole("button", { name: "First choice" })).toBeNull();

    const opener = screen.getByRole("button", { name: "Open menu" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Menu" });
    expect(dialog).toHaveProperty("open", true);
    expect(screen.getByRole("button", { name: "First choice" })).toBeDefined();

    await user.keyboard("{Escape}");
    expect(dialog).toHaveProperty("open", false);
    expect(screen.queryByRole("button", { name: "First choice" })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes on a click on its backdrop but not on a click inside", async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const dialog = screen.getByRole("dialog", { name: "Menu" });

    await user.click(screen.getByRole("button", { name: "First choice" }));
    expect(dialog).toHaveProperty("open", true);

    await user.click(dialog);
    expect(dialog).toHaveProperty("open", false);
  });

  it("closes when a link inside is followed, if asked to", async () => {
    const user = userEvent.setup();
    render(<ModalHarness closeOnLinkClick />);
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await user.click(screen.getByRole("link", { name: "Sweets" }));
    expect(screen.queryByRole("link", { name: "Sweets" })).toBeNull();
  });

  it("stays open when a link is followed otherwise, and closes from its own button", async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    const opener = screen.getByRole("button", { name: "Open menu" });
    await user.click(opener);
    await user.click(screen.getByRole("link", { name: "Sweets" }));
    expect(screen.getByRole("link", { name: "Sweets" })).toBeDefined();

    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("link", { name: "Sweets" })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe("Dialog, non-modal", () => {
  it("moves focus to the chosen element on opening and back to the trigger on Escape", async () => {
    const user = userEvent.setup();
    render(<PopoverHarness />);
    const trigger = screen.getByRole("button", { name: "Cart" });
    await user.click(trigger);
    expect(document.activeElement).toBe(screen.getByRole("region", { name: "Lines" }));

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: "Lines" })).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("closes on a press outside, while a press on the trigger toggles it", async () => {
    const user = userEvent.setup();
    render(<PopoverHarness />);
    const trigger = screen.getByRole("button", { name: "Cart" });
    await user.click(trigger);
    await user.click(screen.getByRole("button", { name: "Remove crisps" }));
    expect(screen.getByRole("region", { name: "Lines" })).toBeDefined();

    await user.click(trigger);
    expect(screen.queryByRole("region", { name: "Lines" })).toBeNull();

    await user.click(trigger);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("region", { name: "Lines" })).toBeNull();
  });

  it("closes when focus tabs away", async () => {
    const user = userEvent.setup();
    render(<PopoverHarness />);
    await user.click(screen.getByRole("button", { name: "Cart" }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove crisps" }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("region", { name: "Lines" })).toBeNull();
  });
});
