// The one quantity stepper draws and reports; its owner decides. A press on an unavailable
// button still reaches the owner (the product card's stepper clamps a half-typed quantity), and
// only an owner that commits hears Enter and leaving the field.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QuantityStepper } from "./quantity-stepper";

afterEach(cleanup);

function renderStepper({ invalid = false, onCommit }: { invalid?: boolean; onCommit?: () => void } = {}) {
  const fewer = vi.fn();
  const more = vi.fn();
  const onValueChange = vi.fn();
  render(
    <QuantityStepper
      label="Quantity (packs)"
      labelDetail="of Braai Time Chips 80g"
      value="1"
      onValueChange={onValueChange}
      onCommit={onCommit}
      invalid={invalid}
      errorId="quantity-error"
      fewer={{ label: "One pack fewer", disabled: true, onPress: fewer }}
      more={{ label: "One pack more", disabled: false, onPress: more }}
    >
      {invalid && <p id="quantity-error">Enter a whole number of packs</p>}
    </QuantityStepper>,
  );
  return { fewer, more, onValueChange };
}

describe("QuantityStepper", () => {
  it("names the field with its product, and passes every press to its owner", async () => {
    const user = userEvent.setup();
    const { fewer, more, onValueChange } = renderStepper();
    const field = screen.getByRole("spinbutton", { name: "Quantity (packs) of Braai Time Chips 80g" });
    const minus = screen.getByRole("button", { name: "One pack fewer" });
    expect(minus.getAttribute("aria-disabled")).toBe("true");
    await user.click(minus);
    await user.click(screen.getByRole("button", { name: "One pack more" }));
    await user.type(field, "2");
    expect([fewer.mock.calls.length, more.mock.calls.length]).toEqual([1, 1]);
    expect(onValueChange).toHaveBeenLastCalledWith("12");
  });

  it("commits on Enter and on leaving the field", async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    renderStepper({ onCommit });
    await user.type(screen.getByRole("spinbutton"), "{Enter}");
    await user.tab();
    expect(onCommit).toHaveBeenCalledTimes(2);
  });

  it("points a field that is not a quantity at the message saying why", () => {
    renderStepper({ invalid: true });
    const field = screen.getByRole("spinbutton");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Enter a whole number of packs",
    );
  });
});
