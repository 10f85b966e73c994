import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QuantityEditor } from "./quantity-editor";

afterEach(cleanup);

const CHIPS = "Braai Time Chips 80g";

function renderEditor({ quantity = 3, busy = false } = {}) {
  const onChange = vi.fn();
  render(<QuantityEditor quantity={quantity} description={CHIPS} busy={busy} onChange={onChange} />);
  return { onChange, field: screen.getByRole("spinbutton", { name: `Quantity (packs) of ${CHIPS}` }) };
}

describe("QuantityEditor", () => {
  it("asks for one pack more or fewer with the buttons", async () => {
    const user = userEvent.setup();
    const { onChange } = renderEditor();
    await user.click(screen.getByRole("button", { name: `One pack more of ${CHIPS}` }));
    await user.click(screen.getByRole("button", { name: `One pack fewer of ${CHIPS}` }));
    expect(onChange.mock.calls).toEqual([[4], [2]]);
  });

  it("applies a typed quantity on Enter and on leaving the field", async () => {
    const user = userEvent.setup();
    const { onChange, field } = renderEditor();
    await user.clear(field);
    await user.type(field, "12{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(12);

    await user.clear(field);
    await user.type(field, "7");
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(7);
  });

  it("says what is wrong with a quantity that is not a whole number of packs, and sends nothing", async () => {
    const user = userEvent.setup();
    const { onChange, field } = renderEditor();
    await user.clear(field);
    await user.type(field, "0{Enter}");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBeTruthy();
    const message = document.getElementById(field.getAttribute("aria-describedby")!);
    expect(message?.textContent).not.toBe("");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("does nothing while the cart is busy, and cannot go below one pack", async () => {
    const user = userEvent.setup();
    const busy = renderEditor({ busy: true });
    await user.click(screen.getByRole("button", { name: `One pack more of ${CHIPS}` }));
    expect(busy.onChange).not.toHaveBeenCalled();
    cleanup();

    const one = renderEditor({ quantity: 1 });
    const fewer = screen.getByRole("button", { name: `One pack fewer of ${CHIPS}` });
    expect(fewer.getAttribute("aria-disabled")).toBe("true");
    await user.click(fewer);
    expect(one.onChange).not.toHaveBeenCalled();
  });

  it("shows the server's quantity when remounted with it as key", async () => {
    function Line() {
      const [quantity, setQuantity] = useState(3);
      return (
        <QuantityEditor
          key={quantity}
          quantity={quantity}
          description={CHIPS}
          busy={false}
          onChange={setQuantity}
        />
      );
    }
    const user = userEvent.setup();
    render(<Line />);
    await user.click(screen.getByRole("button", { name: `One pack more of ${CHIPS}` }));
    expect(screen.getByRole<HTMLInputElement>("spinbutton").value).toBe("4");
  });

  it("offers Remove on − at one pack when given onRemove, under its own label", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onRemove = vi.fn();
    render(
      <QuantityEditor
        quantity={1}
        description={CHIPS}
        busy={false}
        onChange={onChange}
        onRemove={onRemove}
        removeLabel={`Remove ${CHIPS} from the cart`}
        label="In cart (packs)"
      />,
    );
    expect(screen.getByLabelText(`In cart (packs) of ${CHIPS}`)).toBeTruthy();
    expect(screen.queryByRole("button", { name: `One pack fewer of ${CHIPS}` })).toBeNull();
    await user.click(screen.getByRole("button", { name: `Remove ${CHIPS} from the cart` }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });
});
