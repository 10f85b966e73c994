// The browser's error guard (support/page-errors.ts) does its job: a console error, an uncaught
// exception or a problem answer the test did not declare is caught, a declared problem with the
// declared code is not, and a test that lets one through fails by the guard's own afterEach.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "./support/browser";
import { checkPageErrors, expectProblem } from "./support/page-errors";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();

/** Runs `act` in the page and returns once the page has reported what it caused. */
async function reported(page: Page, event: "console" | "pageerror", act: () => Promise<unknown>) {
  const options = { timeout: 10_000 };
  const seen =
    event === "console" ? page.waitForEvent("console", options) : page.waitForEvent("pageerror", options);
  await act();
  await seen;
}

describe("the browser's error guard", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await openPage(browser);
    await page.goto(`${baseUrl}/not-found`);
    await page.getByText("UH OH! You're lost.").waitFor();
  });
  afterAll(() => browser?.close());

  it("catches a console.error", async () => {
    await reported(page, "console", () => page.evaluate(() => console.error("x")));
    await expect(checkPageErrors()).rejects.toThrow(/1 error\(s\)[\s\S]*console error on .*\/not-found: x$/);
  });

  it("catches an uncaught exception", async () => {
    await reported(page, "pageerror", () =>
      page.evaluate(() => {
        setTimeout(() => {
          throw new Error("thrown and never caught");
        });
      }),
    );
    await expect(checkPageErrors()).rejects.toThrow(
      /uncaught exception on .*: Error: thrown and never caught/,
    );
  });

  it("catches a problem answer the test did not declare, and lets a declared one with its code pass", async () => {
    const fetchMissing = () => page.evaluate(() => fetch("/api/no-such-route").then((r) => r.status));
    await reported(page, "console", fetchMissing);
    await expect(checkPageErrors()).rejects.toThrow(/status of 404.*\/api\/no-such-route/);

    expectProblem(page, "not_found", "/api/no-such-route");
    await reported(page, "console", fetchMissing);
    await expect(checkPageErrors()).resolves.toBeUndefined();

    // A declaration names one problem: another from the same path is still caught...
    expectProblem(page, "unauthenticated", "/api/no-such-route");
    await reported(page, "console", fetchMissing);
    await expect(checkPageErrors()).rejects.toThrow(/status of 404/);

    // ...and so is the declared status (401) with another code: the code is what the test relies on.
    expectProblem(page, "bad_credentials", /^\/api\/Cart\//);
    await reported(page, "console", () =>
      page.evaluate(() => fetch("/api/Cart/GetUserCart").then((r) => r.status)),
    );
    await expect(checkPageErrors()).rejects.toThrow(
      /GET \/api\/Cart\/GetUserCart answered unauthenticated; the test declared bad_credentials/,
    );
  });

  let failure: string[] | undefined;
  it.fails("fails a test that leaves an undeclared console.error behind", async ({ onTestFinished }) => {
    onTestFinished(({ task }) => {
      failure = task.result?.errors?.map((e) => e.message);
    });
    await reported(page, "console", () => page.evaluate(() => console.error("left behind")));
  });

  it("failed that test through the guard alone", () => {
    expect(failure).toEqual([expect.stringMatching(/did not declare:\nconsole error on .*: left behind$/)]);
  });
});
