// The browser's half of test-support/console-guard.ts: a test fails when one of its pages logs
// a console error or throws an uncaught exception that the test did not declare. Chromium logs
// an HTTP error answer as "Failed to load resource: the server responded with a status of 409",
// so a test that provokes one declares the problem it expects (its code, from which path), the
// answer must carry that code, and nothing else passes. Importing this module registers the
// check after every test of the importing file (browser.ts imports it, so every file that
// opens pages is guarded).
import { ProblemDetails } from "@trade-shop/contracts/common";
import { statusOf, type ProblemCode } from "@trade-shop/contracts/problems";
import type { Page, Response } from "playwright-core";
import { afterAll, afterEach } from "vitest";

interface ExpectedProblem {
  code: ProblemCode;
  /** The resource's path (no query), or a pattern for paths with an id in them. */
  path: string | RegExp;
}

const FAILED_LOAD = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

/** Declared per page, for the current test only. */
const expected = new Map<Page, ExpectedProblem[]>();
/** Pages a test takes offline: the failed loads Chromium logs then are the point of the test. */
const offline = new Set<Page>();
const NETWORK_FAILURE = /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|resulted in a network error response/;
let unexpected: string[] = [];
/** Answers whose body is still being read to compare its code with the declared one. */
const reading = new Set<Promise<void>>();

function declared(page: Page, status: number, url: string): ExpectedProblem | undefined {
  if (!url) return undefined;
  const path = new URL(url).pathname;
  return (expected.get(page) ?? []).find(
    (e) => statusOf(e.code) === status && (typeof e.path === "string" ? e.path === path : e.path.test(path)),
  );
}

async function checkCode(response: Response, problem: ExpectedProblem) {
  const where = `${response.request().method()} ${new URL(response.url()).pathname}`;
  // Chromium drops the body of an answer whose page has navigated on (a redirect after a
  // refused call): then only its status and path were checked.
  const body = await response.text().catch(() => undefined);
  if (body === undefined) return;
  const parsed = ProblemDetails.safeParse(JSON.parse(body));
  if (!parsed.success)
    unexpected.push(`${where} answered ${response.status()} without a problem: ${body.slice(0, 200)}`);
  else if (parsed.data.code !== problem.code)
    unexpected.push(`${where} answered ${parsed.data.code}; the test declared ${problem.code}`);
}

/** Collects what `page` reports from now on; openPage does this for every page it opens. */
export function watchPageErrors(page: Page): void {
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url } = message.location();
    const status = Number(FAILED_LOAD.exec(message.text())?.[1]);
    if (status && declared(page, status, url)) return;
    // A page the server answers with 404 (the not-found page, an unknown product): its status is
    // what it says, not a failure of the page.
    if (status === 404 && url === page.url()) return;
    if (offline.has(page) && NETWORK_FAILURE.test(message.text())) return;
    unexpected.push(`console error on ${page.url()}: ${message.text()}${url ? ` (${url})` : ""}`);
  });
  page.on("pageerror", (error) => {
    unexpected.push(`uncaught exception on ${page.url()}: ${error.stack ?? error.message}`);
  });
  page.on("response", (response) => {
    const problem = response.status() >= 400 ? declared(page, response.status(), response.url()) : undefined;
    if (!problem) return;
    const check = checkCode(response, problem)
      .catch(
        (error: unknown) =>
          void unexpected.push(`${response.url()} answered something unreadable: ${String(error)}`),
      )
      .finally(() => reading.delete(check));
    reading.add(check);
  });
}

/**
 * Declares that this test makes the server answer a request of `page` for `path` with the
 * problem `code`: Chromium's "Failed to load resource" line for it is then expected, and the
 * answer must carry that code. Holds until the test ends.
 */
export function expectProblem(page: Page, code: ProblemCode, path: string | RegExp): void {
  expected.set(page, [...(expected.get(page) ?? []), { code, path }]);
}

/**
 * Declares that this test cuts `page` off the network: the loads that then fail (Chromium's
 * "net::ERR_INTERNET_DISCONNECTED", the service worker's network error) are expected. Holds
 * until the test ends.
 */
export function expectOffline(page: Page): void {
  offline.add(page);
}

/** Throws when a page reported an error that was not declared; starts afresh for the next test. */
export async function checkPageErrors(): Promise<void> {
  await Promise.all(reading);
  const found = unexpected;
  unexpected = [];
  expected.clear();
  offline.clear();
  if (found.length > 0) {
    throw new Error(
      `the browser reported ${found.length} error(s) this test did not declare:\n${found.map((f) => f.slice(0, 1000)).join("\n")}`,
    );
  }
}

afterEach(checkPageErrors);
// Whatever a page reports after the last test (in an afterAll) fails the file.
afterAll(checkPageErrors);
