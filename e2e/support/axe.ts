// Runs axe-core on a page against WCAG 2.2 A and AA and reports what would block a user:
// the serious and critical violations, printed so a failing test says what and where.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { AxeBuilder } from "@axe-core/playwright";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** The serious and critical WCAG violations on the page as it is now. */
export async function blockingViolations(page: Page): Promise<Violation[]> {
  const violations = await analyze(page, WCAG_TAGS);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/**
 * Every violation on the page as it is now, of any impact (minor and moderate too), with axe's
 * best practices (landmark-unique, region, heading-order…) and the experimental WCAG rules
 * (label-content-name-mismatch) as well as the WCAG ones.
 */
export async function allViolations(page: Page): Promise<Violation[]> {
  return analyze(page, [...WCAG_TAGS, "best-practice"], { "label-content-name-mismatch": { enabled: true } });
}

async function analyze(
  page: Page,
  tags: string[],
  rules: Record<string, { enabled: boolean }> = {},
): Promise<Violation[]> {
  const violations = await analyzeSettled(page, tags, rules);
  // A toast may start to fade out while axe reads the page (its time ran out meanwhile): what
  // axe saw in it was a frame of a transition. The page is read again once that has settled.
  const inToasts = await page.evaluate(
    (targets) =>
      targets.some((target) => {
        try {
          return document.querySelector(target)?.closest("[data-sonner-toast]") != null;
        } catch {
          return false; // not a selector this document takes
        }
      }),
    violations.flatMap((v) => v.nodes.map((node) => node.target.join(" "))),
  );
  return inToasts ? analyzeSettled(page, tags, rules) : violations;
}

async function analyzeSettled(
  page: Page,
  tags: string[],
  rules: Record<string, { enabled: boolean }>,
): Promise<Violation[]> {
  // A toast or menu half-way through its fade has blended colours; check what a user reads
  // once things have settled, not a frame of a transition. Endless animations (a spinner) never
  // settle and are left out; the rest get time enough for a machine busy with other suites.
  await page
    .waitForFunction(
      () =>
        // A toast comes in transparent and fades out before it goes, and the one in front is read
        // once it is opaque (those behind it show only their edge).
        document.querySelector(
          '[data-sonner-toast]:not([data-mounted="true"]), [data-sonner-toast][data-removed="true"]',
        ) === null &&
        Array.from(
          document.querySelectorAll('[data-sonner-toast][data-front="true"], [data-sonner-toast] > *'),
        ).every(
          (el) => el.closest('[data-front="false"]') !== null || getComputedStyle(el).opacity === "1",
        ) &&
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined); // still moving after that: check the page as it is
  const options: RunOptions = { runOnly: { type: "tag", values: tags }, rules, resultTypes: ["violations"] };
  // The shop's pages have no frames: axe runs in the page itself, a quarter of the time
  // AxeBuilder takes (it finishes every run in a page of its own). A page with frames gets
  // AxeBuilder, which reaches into them.
  if (page.frames().length > 1) {
    const results = await new AxeBuilder({ page }).withTags(tags).options({ rules }).analyze();
    return results.violations;
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(async (options) => {
    // axe places a sticky element (the header) where it is drawn now, as if it scrolled with the
    // page, so on a page scrolled down it reports what lies under the header at its first place
    // as covered (axe-core issue 3720). It checks the page from the top, then puts it back.
    const { scrollX, scrollY } = window;
    window.scrollTo(0, 0);
    try {
      const { axe } = window as unknown as {
        axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
      };
      return await axe.run(document, options);
    } finally {
      window.scrollTo(scrollX, scrollY);
    }
  }, options);
  return results.violations;
}

/** One readable block per violation: rule, impact, help, and each offending element with axe's summary. */
export function describeViolations(where: string, violations: Violation[]): string {
  if (violations.length === 0) return "";
  const blocks = violations.map((v) => {
    const nodes = v.nodes.slice(0, 8).map((node) => {
      const summary = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " | ");
      // What it is measured against (the element that covers a target, a neighbour too close).
      const related = [...node.any, ...node.all, ...node.none]
        .flatMap((check) => check.relatedNodes ?? [])
        .slice(0, 3)
        .map((r) => `\n      against ${r.target.join(" ")}: ${r.html.slice(0, 160)}`)
        .join("");
      return `    - ${node.target.join(" ")}\n      ${node.html.slice(0, 200)}\n      ${summary}${related}`;
    });
    const more = v.nodes.length > 8 ? [`    … and ${v.nodes.length - 8} more`] : [];
    return [`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`, ...nodes, ...more].join("\n");
  });
  return `axe found ${violations.length} violation(s) on ${where}:\n${blocks.join("\n")}`;
}

/** Throws with the readable list when the page has any serious or critical violation. */
export async function expectNoBlockingViolations(page: Page, where: string): Promise<void> {
  const report = describeViolations(where, await blockingViolations(page));
  if (report) throw new Error(report);
}

/** Throws with the readable list when the page has any WCAG violation at all, whatever its impact. */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  const report = describeViolations(where, await allViolations(page));
  if (report) throw new Error(report);
}
