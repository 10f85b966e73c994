// Order lists at 390 and 1280 px: the cart saved as a named list, a line's packs
// changed in place, and the whole list put back in an emptied cart in one press. A login of
// its own per width on a coastal account (CUS0028, CUS0029).
import { Cart } from "@trade-shop/contracts/cart";
import { describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { cartWithTwoChips } from "./support/catalogue-api";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { newCustomerLogin, openWithToken } from "./support/session";

const { baseUrl, openPage } = browserFile();

/** A customer account of its own per width. */
const accounts = phoneAndDesktop("CUS0028", "CUS0029");
describe.each(accounts)("order lists on a %s", (_name, viewport, customerAccount) => {
  it("saves the cart as a list, edits a line, and puts the list back in an empty cart", async () => {
    const token = await newCustomerLogin(baseUrl, customerAccount, { tenant: "coastal" });
    const [a, b] = await cartWithTwoChips(baseUrl, token, [2, 3]);
    const cartNow = async () => {
      const cart = await callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
      return Object.fromEntries(cart.cartItems.map((l) => [l.productId, l.quantity]));
    };

    const page = await openPage(viewport);
    await openWithToken(page, baseUrl, token, "/products?category=home");
    await page
      .getByRole("navigation", { name: "Product categories" })
      .getByRole("link", { name: "Order lists" })
      .click();
    await page.getByLabel(/^New list from your cart \(2 lines\)$/).fill("Weekly stock-up");
    await page.getByRole("button", { name: "Save as a list" }).click();
    const lists = page.getByRole("list", { name: "Your order lists" });
    await lists.getByRole("heading", { name: "Weekly stock-up" }).waitFor();
    await lists.getByText(/^2 lines · changed /).waitFor();

    // One more pack of the first line, in place.
    await lists.getByRole("button", { name: "Edit lines: Weekly stock-up" }).click();
    const lines = page.getByRole("list", { name: "Lines of Weekly stock-up" });
    await lines.getByRole("button", { name: `One pack more of ${a.skuDescription}` }).click();
    await expect
      .poll(() => lines.getByRole("spinbutton", { name: `Packs of ${a.skuDescription}` }).inputValue())
      .toBe("3");
    await expectNoViolations(page, `order lists at ${viewport.width} px`);

    await callApi(baseUrl, "POST", "/api/Cart/ClearUserCart", { token, body: {} });
    await page.reload();
    await lists.getByRole("button", { name: "Add to cart: Weekly stock-up" }).click();
    await expect.poll(cartNow).toEqual({ [a.skuCode]: 3, [b.skuCode]: 3 });
    await page.context().close();
  });
});
