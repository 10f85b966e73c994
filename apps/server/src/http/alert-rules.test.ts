// The shipped alerting rules (ops/prometheus; docs/operations.md, "Metrics and alerts"): promtool
// checks them and runs their tests against recorded series, every alert has a test in which it
// fires, and every metric the rules read is one this server defines, so renaming a metric fails
// here rather than silently in someone's Prometheus.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { api } from "@trade-shop/contracts/api";
import { createMetrics } from "./metrics";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const RULES = "ops/prometheus/tradeshop.rules.yml";
const RULE_TESTS = "ops/prometheus/tradeshop.rules.test.yml";

/** Runs promtool from the repository's root; a missing promtool fails the test, saying how to get it. */
function promtool(...args: string[]): string {
  const run = spawnSync("promtool", args, { cwd: root, encoding: "utf8", timeout: 60_000 });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
    throw new Error(
      "promtool is not installed: it comes with Debian's prometheus package (`sudo apt-get install prometheus`; " +
        "the service need not run) or with any Prometheus release. The alerting rules cannot be checked without it.",
    );
  }
  if (run.error) throw run.error;
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`promtool ${args.join(" ")} failed (${run.status}):\n${output}`);
  return output;
}

const indent = (line: string) => line.length - line.trimStart().length;

/** Each rule's alert name and expression, read from the rules file (its `expr:` either inline or a `>-` block). */
function readRules(): { alert: string; expr: string }[] {
  const rules: { alert: string; expr: string }[] = [];
  /** The indentation of the `expr: >-` whose block is being read, if one is. */
  let block: number | undefined;
  for (const [i, line] of readFileSync(path.join(root, RULES), "utf8").split("\n").entries()) {
    const rule = rules.at(-1);
    if (block !== undefined && rule && (line.trim() === "" || indent(line) > block)) {
      rule.expr += `${line}\n`;
      continue;
    }
    block = undefined;
    const alert = /^\s*- alert:\s*(\S+)/.exec(line)?.[1];
    if (alert) rules.push({ alert, expr: "" });
    const expr = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (!expr) continue;
    if (!rule) throw new Error(`${RULES}:${i + 1}: an expr before any alert`);
    const [, before = "", inline = ""] = expr;
    if (/^[>|]/.test(inline)) block = before.length;
    else rule.expr = inline;
  }
  return rules;
}

const PROMQL_WORDS = new Set(["and", "or", "unless", "bool", "offset", "inf", "nan"]);
/** The metric names an expression selects (functions, label matchers, grouping labels, ranges and strings left out). */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\boffset\s+\w+/g, " ");
  const words = bare.match(/\b[a-zA-Z_:][\w:]*\b(?!\s*\()/g) ?? [];
  return [...new Set(words.filter((w) => !PROMQL_WORDS.has(w.toLowerCase())))];
}

/** Metric names as Prometheus sees them: a histogram is its _bucket, _count and _sum series. */
function definedNames(): Set<string> {
  // Listing the metrics reads no figures: the pools are only read when a scrape collects, so no
  // database is needed here.
  const noDatabase = { pool: null, workerPool: null } as unknown as Database;
  const { registry } = createMetrics({ database: noDatabase, processMetrics: true });
  const names = new Set<string>();
  for (const metric of registry.getMetricsAsArray()) {
    const { name, type } = metric as unknown as { name: string; type: string };
    if (type === "histogram") for (const suffix of ["_bucket", "_count", "_sum"]) names.add(name + suffix);
    else if (type === "summary") for (const suffix of ["", "_count", "_sum"]) names.add(name + suffix);
    else names.add(name);
  }
  return names;
}
/** Series Prometheus writes itself for every target. */
const PROMETHEUS_SERIES = new Set(["up"]);

describe("the shipped alerting rules", () => {
  it("pass promtool's check", () => {
    expect(promtool("check", "rules", RULES)).toMatch(/SUCCESS: \d+ rules found/);
  });

  it("pass their tests against recorded series (promtool test rules)", () => {
    expect(promtool("test", "rules", RULE_TESTS)).toMatch(/SUCCESS/);
  });

  it("each have a test in which they fire", () => {
    const tests = readFileSync(path.join(root, RULE_TESTS), "utf8");
    // An expectation that fires: `alertname: X` followed (before the next eval_time) by exp_alerts.
    const firing = new Set(
      [...tests.matchAll(/alertname:\s*(\S+)\s*\n(?:(?!\s*- eval_time)[^\n]*\n)*?\s*exp_alerts:/g)].map(
        (m) => m[1],
      ),
    );
    const rules = readRules();
    expect(rules.length).toBeGreaterThanOrEqual(10);
    expect(rules.map((r) => r.alert).filter((alert) => !firing.has(alert))).toEqual([]);
  });

  it("read only metrics this server defines", () => {
    const defined = definedNames();
    // The reading of the rules itself: names it must find in a known expression.
    expect(
      metricNames('sum by (le) (rate(http_request_duration_seconds_bucket{route="/x"}[5m])) > 0.25'),
    ).toEqual(["http_request_duration_seconds_bucket"]);
    const rules = readRules();
    // The slow-ordering alert names the order route by its path.
    expect(rules.find((rule) => rule.alert === "TradeShopSlowOrdering")?.expr).toContain(
      `route="${api.orders.create.path}"`,
    );
    expect(
      rules.filter((rule) => metricNames(rule.expr).length === 0).map((rule) => rule.alert),
      "rules in which no metric was found",
    ).toEqual([]);
    const used = rules.flatMap((rule) => metricNames(rule.expr).map((name) => ({ alert: rule.alert, name })));
    const unknown = used.filter(({ name }) => !defined.has(name) && !PROMETHEUS_SERIES.has(name));
    expect(
      unknown,
      "metrics the rules read that the server does not define (apps/server/src/http/metrics.ts)",
    ).toEqual([]);
  });
});
