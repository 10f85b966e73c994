import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { cartLine, cartOf } from "@/entities/cart/cart-line.fixture";
import { fakeFetch, loggedInForEachTest, renderInShop } from "@/lib/testing/render";
import { CartDropdown } from "./cart-dropdown";

const chips = cartLine();
const choc = cartLine({
  productId: "CHO1325",
  productDescription: "Marula Milk Chocolate 150g",
  quantity: 5,
  totalPriceIncl: 310.5,
});
const cart = cartOf([chips, choc]);

loggedInForEachTest();

function renderDropdown(answers: Parameters<typeof fakeFetch>[0]) {
  const network = fakeFetch(answers);
  vi.stubGlobal("fetch", network.fetch);
  renderInShop(<CartDropdown triggerClassName="" badgeClassName="" />, { route: "/products?category=home" });
  return network;
}

const cartButton = () => screen.getByRole("button", { name: /^Cart, / });

describe("CartDropdown", () => {
  it("opens a panel with each line, the count and the total, and closes on Escape with focus back on the button", async () => {
    const user = userEvent.setup();
    renderDropdown({ "GET /api/Cart/GetUserCart": { body: cart } });
    await waitFor(() => expect(cartButton().getAttribute("aria-label")).toBe("Cart, 2 items"));

    await user.click(cartButton());
    const panel = screen.getByRole("region", { name: "Your cart" });
    expect(cartButton().getAttribute("aria-expanded")).toBe("true");
    const lines = within(panel).getByRole("list", { name: "Products in your cart" });
    expect(within(lines).getAllByRole("listitem")).toHaveLength(2);
    expect(within(lines).getByRole("link", { name: choc.productDescription }).getAttribute("href")).toBe(
      "/products/CHO1325",
    );
    expect(panel.textContent).toContain("Qty 5");
    expect(panel.textContent).toContain("2 Item(s) selected");
    expect(panel.textContent).toMatch(/TOTAL\s*R1\s315\.53/);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: "Your cart" })).toBeNull();
    expect(document.activeElement).toBe(cartButton());
  });

  it("removes a line with its button and shows the cart the server answers", async () => {
    const user = userEvent.setup();
    const network = renderDropdown({
      "GET /api/Cart/GetUserCart": { body: cart },
      "POST /api/Cart/RemoveItemFromCart": { body: cartOf([chips]) },
    });
    await waitFor(() => expect(cartButton().getAttribute("aria-label")).toBe("Cart, 2 items"));
    await user.click(cartButton());
    await user.click(screen.getByRole("button", { name: `Remove ${choc.productDescription}` }));

    await waitFor(() => expect(cartButton().getAttribute("aria-label")).toBe("Cart, 1 item"));
    expect(network.calls.find((call) => call.route === "POST /api/Cart/RemoveItemFromCart")?.body).toEqual({
      skuCode: "CHO1325",
      remove: true,
    });
    expect(screen.queryByRole("link", { name: choc.productDescription })).toBeNull();
  });

  it("says the cart is empty and keeps Checkout disabled", async () => {
    const user = userEvent.setup();
    renderDropdown({ "GET /api/Cart/GetUserCart": { body: cartOf([]) } });
    await waitFor(() => expect(cartButton().getAttribute("aria-label")).toBe("Cart, 0 items"));
    await user.click(cartButton());
    expect(screen.getByText("Your cart is empty.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Checkout" })).toHaveProperty("disabled", true);
  });

  it("goes to checkout, closing the panel", async () => {
    const user = userEvent.setup();
    renderDropdown({ "GET /api/Cart/GetUserCart": { body: cart } });
    await waitFor(() => expect(cartButton().getAttribute("aria-label")).toBe("Cart, 2 items"));
    await user.click(cartButton());
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    expect(screen.getByRole("status", { name: "Current address" }).textContent).toBe("/checkout");
    expect(screen.queryByRole("region", { name: "Your cart" })).toBeNull();
  });

  it("closes when the pointer goes down outside it", async () => {
    const user = userEvent.setup();
    renderDropdown({ "GET /api/Cart/GetUserCart": { body: cart } });
    await waitFor(() => expect(cartButton().getAttribute("aria-label")).toBe("Cart, 2 items"));
    await user.click(cartButton());
    await user.click(screen.getByRole("status", { name: "Current address" }));
    expect(screen.queryByRole("region", { name: "Your cart" })).toBeNull();
  });
});
