// Runs axe-core on a page against WCAG 2.2 A and AA and reports what would block a user:
// the serious and critical violations, printed so a failing test says what and where.
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** The serious and critical WCAG violations on the page as it is now. */
export async function blockingViolations(page: Page): Promise<Violation[]> {
  const violations = await allViolations(page);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** Every WCAG violation on the page as it is now, of any impact (minor and moderate too). */
export async function allViolations(page: Page): Promise<Violation[]> {
  // A toast or menu half-way through its fade has blended colours; check what a user reads
  // once things have settled, not a frame of a transition.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), undefined, {
      timeout: 3000,
    })
    .catch(() => undefined); // an endless animation (a spinner) never settles: check the page as it is
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations;
}

/** One readable block per violation: rule, impact, help, and each offending element with axe's summary. */
export function describeViolations(where: string, violations: Violation[]): string {
  if (violations.length === 0) return "";
  const blocks = violations.map((v) => {
    const nodes = v.nodes.slice(0, 8).map((node) => {
      const summary = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " | ");
      return `    - ${node.target.join(" ")}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
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
