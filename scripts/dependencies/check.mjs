// The packages the shop runs with, held to scripts/dependencies/allow-list.json without the
// network (`npm run deps`, part of `npm run check`): every runtime dependency a workspace names
// is on the list with the licence the lockfile records for it; every package the production tree
// installs (the lockfile's non-dev packages) carries a licence on the list or an exception for its
// name; and a package with no release for two years before the review carries a note saying why
// it stays. The advisory check (`npm run audit`) needs the network; this one never does.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(import.meta.dirname, "../..");
const WORKSPACES = ["apps/server", "apps/web", "packages/contracts"];
const UNMAINTAINED_MONTHS = 24;

const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

/** Whether an SPDX expression such as "(MIT OR CC0-1.0)" or "MIT AND Zlib" is allowed by `allowed`. */
export function licenceAllowed(expression, allowed) {
  if (typeof expression !== "string" || expression.trim() === "") return false;
  const text = expression.replace(/[()]/g, " ").trim();
  if (/\sOR\s/.test(text) && !/\sAND\s/.test(text))
    return text.split(/\s+OR\s+/).some((id) => allowed.includes(id.trim()));
  return text.split(/\s+AND\s+/).every((id) => allowed.includes(id.trim()));
}

const matches = (pattern, name) =>
  pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : pattern === name;

/** Months from "YYYY-MM" to the day "YYYY-MM-DD". */
function monthsBetween(month, day) {
  const [y1, m1] = month.split("-").map(Number);
  const [y2, m2] = day.split("-").map(Number);
  return (y2 - y1) * 12 + (m2 - m1);
}

/**
 * Every way the tree departs from the list, as sentences; none when it keeps to it.
 * `lock` is package-lock.json, `manifests` the workspaces' package.json files.
 */
export function dependencyProblems({ lock, manifests, list }) {
  const problems = [];
  const runtime = new Set();
  for (const manifest of manifests)
    for (const name of Object.keys(manifest.dependencies ?? {}))
      if (!name.startsWith("@trade-shop/")) runtime.add(name);

  const installed = new Map();
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key.includes("node_modules/") || entry.dev || entry.devOptional || entry.link) continue;
    const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
    if (name.startsWith("@trade-shop/")) continue;
    installed.set(key, { name, licence: entry.license });
  }
  const lockLicence = (name) => [...installed.values()].find((p) => p.name === name)?.licence;

  for (const name of [...runtime].sort()) {
    const entry = list.packages[name];
    if (!entry) {
      problems.push(
        `${name} is a runtime dependency but not on the allow-list: add it with its licence and last release.`,
      );
      continue;
    }
    const recorded = lockLicence(name);
    if (recorded !== entry.licence)
      problems.push(`${name}: the allow-list says ${entry.licence}, the lockfile ${recorded ?? "nothing"}.`);
    if (!/^\d{4}-\d{2}$/.test(entry.lastRelease ?? ""))
      problems.push(`${name}: lastRelease must be a month, YYYY-MM.`);
    else if (monthsBetween(entry.lastRelease, list.reviewed) >= UNMAINTAINED_MONTHS && !entry.note)
      problems.push(
        `${name} has had no release since ${entry.lastRelease}: say in a note why it stays (or replace it).`,
      );
  }
  for (const name of Object.keys(list.packages))
    if (!runtime.has(name))
      problems.push(`${name} is on the allow-list but no workspace depends on it: remove it.`);

  for (const { name, licence } of installed.values()) {
    if (licenceAllowed(licence, list.licences)) continue;
    if (Object.keys(list.licenceExceptions ?? {}).some((pattern) => matches(pattern, name))) continue;
    problems.push(
      `${name} (installed for production) has the licence ${licence ?? "none stated"}, which the allow-list does not allow.`,
    );
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = dependencyProblems({
    lock: readJson("package-lock.json"),
    manifests: WORKSPACES.map((dir) => readJson(`${dir}/package.json`)),
    list: readJson("scripts/dependencies/allow-list.json"),
  });
  if (problems.length > 0) {
    for (const problem of problems) console.error(`dependencies: ${problem}`);
    process.exit(1);
  }
  const list = readJson("scripts/dependencies/allow-list.json");
  const noted = Object.entries(list.packages)
    .filter(([, entry]) => entry.note)
    .map(([name]) => name);
  console.info(
    `dependencies: ${Object.keys(list.packages).length} runtime packages on the allow-list (reviewed ${list.reviewed}); kept with a note: ${noted.join(", ")}.`,
  );
}
