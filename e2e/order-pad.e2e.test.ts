// The product list as an order pad at 390 and 1280 px: the List toggle shows one row
// per product with a quantity field; from the keyboard alone a buyer types packs into three
// rows (Tab goes from field to field) and Enter adds all three to the cart in one request; the
// choice of list is remembered after a reload. A login of its own per width on a coastal account
// (CUS0026, CUS0027).
import { Cart } from "@trade-shop/contracts/cart";
import { describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { newCustomerLogin, openWithToken } from "./support/session";

const { baseUrl, openPage } = browserFile();

/** A customer account of its own per width. */
const accounts = phoneAndDesktop("CUS0026", "CUS0027");
describe.each(accounts)("the order pad on a %s", (_name, viewport, customerAccount) => {
  it("adds three rows typed from the keyboard alone with one Enter, and stays a list after a reload", async () => {
    const token = await newCustomerLogin(baseUrl, customerAccount, { tenant: "coastal" });
    const page = await openPage(viewport);
    await openWithToken(page, baseUrl, token, "/products?category=Biscuits");
    const toggle = page.getByRole("button", { name: "List", exact: true });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");

    const pad = page.getByRole("form", { name: "Order pad" });
    const fields = pad.getByRole("spinbutton", { name: /^Packs of / });
    await fields.first().waitFor();
    // The rows' products, as each field's label names them ("Packs of …").
    const descriptions = await Promise.all(
      [0, 1, 2].map(async (i) =>
        (
          await fields.nth(i).evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? "")
        ).replace(/^Packs of /, ""),
      ),
    );

    await fields.first().focus();
    await page.keyboard.type("2");
    await page.keyboard.press("Tab");
    await page.keyboard.type("3");
    await page.keyboard.press("Tab");
    await page.keyboard.type("1");
    await expect.poll(() => pad.getByRole("button", { name: "Add all entered (3)" }).count()).toBe(1);
    await expectNoViolations(page, `the order pad with three rows entered at ${viewport.width} px`);
    await page.keyboard.press("Enter");

    const cartLines = async () => {
      const cart = await callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
      return Object.fromEntries(cart.cartItems.map((l) => [l.productDescription, l.quantity]));
    };
    await expect
      .poll(cartLines)
      .toEqual({ [descriptions[0]!]: 2, [descriptions[1]!]: 3, [descriptions[2]!]: 1 });
    // The fields are emptied once the cart has the lines.
    await expect.poll(() => fields.first().inputValue()).toBe("");

    await page.reload();
    await fields.first().waitFor();
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("true");
    await page.context().close();
  });
});
