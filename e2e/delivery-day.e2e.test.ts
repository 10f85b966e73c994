// When the order arrives, at 390 and 1280 px (docs/rules.md "Delivery day", decision 149): the
// cart and checkout say "Order by … for delivery on …" as the server promises it, and for a
// collection when the buyer chooses to collect; Place order opens the order's own page as its
// confirmation, its heading focused, with the day it was promised; the history shows the day.
// A login of its own per width on gauteng accounts of this file's own (CUS0014, CUS0019).
// Screenshots go to /tmp/delivery-day-*.png for a person to look at.
import os from "node:os";
import path from "node:path";
import { DeliveryPromise, Order } from "@trade-shop/contracts/orders";
import { expectedDayText, formatDeliveryPromise } from "@trade-shop/contracts/format";
import { describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { cartWithTwoChips } from "./support/catalogue-api";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { newCustomerLogin, openWithToken } from "./support/session";

const { baseUrl, openPage } = browserFile();
const shot = (name: string) => path.join(os.tmpdir(), `delivery-day-${name}.png`);

const promiseOf = (token: string, homeDelivery: boolean) =>
  callApi(baseUrl, "GET", `/api/Order/DeliveryPromise?homeDelivery=${homeDelivery}`, {
    token,
    answer: DeliveryPromise,
  });

describe.each(phoneAndDesktop("CUS0014", "CUS0019"))(
  "the delivery day on a %s",
  (name, viewport, account) => {
    it("says when the order arrives in the cart and at checkout, and confirms the placed order with its day", async () => {
      const token = await newCustomerLogin(baseUrl, account);
      await cartWithTwoChips(baseUrl, token, [2, 1]);
      const delivered = await promiseOf(token, true);
      const collected = await promiseOf(token, false);
      expect(collected.method).toBe("Collect");

      const page = await openPage(viewport);
      await openWithToken(page, baseUrl, token, "/cart");
      const main = page.getByRole("main");
      // The account's own way (these accounts have theirs delivered or collected: either is said).
      await main
        .getByText(/^Order by \w{3} \d\d:\d\d (for delivery|to collect) on \w{3} \d\d-\w{3}-\d{4}$/)
        .waitFor();

      await page.goto(`${baseUrl}/checkout`);
      await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
      await page.getByRole("radio", { name: /I will collect it/ }).check();
      await main.getByText(formatDeliveryPromise(collected), { exact: true }).waitFor();
      await page
        .getByRole("radio", { name: /^Deliver to / })
        .first()
        .check();
      const promised = main.getByText(formatDeliveryPromise(delivered), { exact: true });
      await promised.waitFor();
      await page.screenshot({ path: shot(`checkout-${viewport.width}`), fullPage: true });

      await page.getByRole("button", { name: "Place order" }).click();
      await page.waitForURL(/\/orders-history\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      const order = await callApi(baseUrl, "GET", `/api/Order/GetOrderById/${id}`, { token, answer: Order });
      // Placed now, so promised what checkout said (or, across a cut-off that passed meanwhile, the next day).
      expect([delivered.day, (await promiseOf(token, true)).day]).toContain(order.expectedDeliveryDate);

      const heading = page.getByRole("heading", {
        level: 2,
        name: `Thank you: order ${order.orderId} is placed`,
      });
      await heading.waitFor();
      await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
      const confirmation = page.getByRole("region", { name: `Thank you: order ${order.orderId} is placed` });
      expect(await confirmation.textContent()).toContain(`${expectedDayText(order)}.`);
      await page.screenshot({ path: shot(`placed-${viewport.width}`), fullPage: true });
      await expectNoViolations(page, `the placed order at ${viewport.width} px`);

      // The history says it beside the status.
      await openWithToken(page, baseUrl, token, "/orders-history");
      const row = page.getByRole("list", { name: "Your orders" }).getByRole("listitem").first();
      await row.getByRole("link", { name: order.orderId, exact: true }).waitFor();
      // The simulated back office moves an order on every 2 s here: it may be delivered already.
      await expect
        .poll(async () => {
          const said = (await row.textContent()) ?? "";
          return said.includes(expectedDayText(order)!) || /Delivered \d\d-\w{3}-\d{4} \d\d:\d\d/.test(said);
        })
        .toBe(true);
      if (name === "phone") await page.screenshot({ path: shot("history-390"), fullPage: true });
      await page.context().close();
    });
  },
);
