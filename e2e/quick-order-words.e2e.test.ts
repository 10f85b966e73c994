// The quick order pad with lines as traders write them, at 390 and 1280 px: a WhatsApp chat
// pasted whole (its greetings shown as skipped, with reasons), words read through the search, a
// choice made on a line from the keyboard, the pad's total equal to what Add puts on the cart;
// then the cart shared by its WhatsApp text, emptied, and the pad's link with those lines
// opened: Add brings back the same cart. Coastal accounts of this file's own
// (CUS0041, CUS0042). Screenshots go to /tmp/quick-order-words-*.png for a person to look at.
import os from "node:os";
import path from "node:path";
import { Cart } from "@trade-shop/contracts/cart";
import { toCents } from "@trade-shop/contracts/common";
import { formatRandCents } from "@trade-shop/contracts/format";
import { describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { newCustomerLogin, openWithToken } from "./support/session";

const { baseUrl, openPage } = browserFile();

const CHAT = [
  "[28/11/2026, 06:10] Thabo: Good morning 😊",
  "[28/11/2026, 06:12] Thabo: 6 x kalahari original cola 2l",
  "[28/11/2026, 06:12] Thabo: coke 2l, 4",
  "[28/11/2026, 06:13] Thabo: BEV1291 x 3",
  "[28/11/2026, 06:14] Thabo: Thanks! 🙏",
].join("\n");

const cartOf = (token: string) => callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
const linesOf = (cart: Cart) => Object.fromEntries(cart.cartItems.map((l) => [l.productId, l.quantity]));

describe.each(phoneAndDesktop("CUS0041", "CUS0042"))(
  "the quick order pad with words on a %s",
  (name, viewport, customerAccount) => {
    it("reads a pasted chat, offers a choice, adds what it showed, and a shared cart reads back the same", async () => {
      const token = await newCustomerLogin(baseUrl, customerAccount, { tenant: "coastal" });
      const page = await openPage(viewport);
      await openWithToken(page, baseUrl, token, "/quick-order");
      const box = page.getByLabel("Lines: what to order and how many");
      await box.fill(CHAT);
      await page.getByRole("button", { name: "Check lines" }).click();
      const results = page.getByRole("heading", { level: 2, name: /lines? checked/ });
      await expect.poll(() => results.textContent()).toBe("3 lines checked · 1 to fix");
      // The chat's greeting and thanks are not lost: shown with why they were skipped.
      const skipped = page.getByRole("list", { name: "Lines that are not an order" });
      await expect.poll(() => skipped.getByRole("listitem").count()).toBe(2);
      await expect(skipped.innerText()).resolves.toMatch(/Good morning.*greeting/s);
      const checked = page.getByRole("list", { name: "Checked lines" });
      await checked.getByRole("link", { name: "Kalahari Quench Original Cola 2L" }).waitFor();
      await checked.getByText(/Read from the words “kalahari original cola 2l”/).waitFor();
      // "coke 2l": several colas of 2 L, to choose from.
      const choices = page.getByRole("list", { name: "Products for coke 2l" }).getByRole("button");
      await expect.poll(() => choices.count()).toBeGreaterThan(1);
      for (const text of await choices.allInnerTexts()) expect(text).toMatch(/Cola 2L/);
      await expectNoViolations(page, `the pad with a choice at ${viewport.width} px`);
      await page.screenshot({
        path: path.join(os.tmpdir(), `quick-order-words-${name}.png`),
        fullPage: true,
      });

      // Those in stock come first. One that is not line 1's or 3's product is chosen from the keyboard:
      // the line in the box becomes that product, checked again.
      const texts = await choices.allInnerTexts();
      expect(texts[0]).not.toMatch(/Out of stock/);
      const pick = texts.findIndex((t) => !/Out of stock/.test(t) && !/BEV1272|BEV1291/.test(t));
      expect(pick).toBeGreaterThanOrEqual(0);
      const chosen = texts[pick]!.split("\n")[0]!.trim();
      await choices.nth(pick).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => results.textContent()).toBe("3 lines checked · all ready");
      await expect(box.inputValue()).resolves.toMatch(new RegExp(`^4 x BEV\\d+ ${chosen}$`, "m"));
      const total = await page.locator("p", { hasText: "incl. VAT, what Add puts on your cart" }).innerText();
      await page.getByRole("button", { name: "Add 3 lines to cart" }).click();
      await page.getByRole("status").getByText("3 lines added to your cart.").waitFor();
      const cart = await cartOf(token);
      expect(Object.values(linesOf(cart)).sort()).toEqual([3, 4, 6]);
      // What was shown is what went on the cart, to the cent.
      expect(total).toContain(formatRandCents(toCents(cart.totalPriceIncl)));
      await page.screenshot({ path: path.join(os.tmpdir(), `quick-order-words-added-${name}.png`) });

      // Shared as WhatsApp text: a line a product, as the pad reads them.
      await page.goto(`${baseUrl}/cart`);
      const whatsApp = page.getByRole("link", { name: "Send by WhatsApp (opens in a new tab)" });
      const href = (await whatsApp.getAttribute("href")) ?? "";
      const shared = new URL(href).searchParams.get("text") ?? "";
      expect(shared.split("\n")).toHaveLength(3);
      // The cart emptied, the link opens the pad with the shared lines, checked; Add brings the same cart back.
      await callApi(baseUrl, "POST", "/api/Cart/ClearUserCart", { token });
      const second = await openPage(viewport);
      await openWithToken(second, baseUrl, token, `/quick-order?lines=${encodeURIComponent(shared)}`);
      const secondResults = second.getByRole("heading", { level: 2, name: /lines? checked/ });
      await expect.poll(() => secondResults.textContent()).toBe("3 lines checked · all ready");
      await second.getByRole("button", { name: "Add 3 lines to cart" }).click();
      await second.getByRole("status").getByText("3 lines added to your cart.").waitFor();
      expect(linesOf(await cartOf(token))).toEqual(linesOf(cart));
      await second.context().close();
      await page.context().close();
    });
  },
);
