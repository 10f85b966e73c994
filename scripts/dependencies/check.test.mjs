// The dependency check finds each way a tree can leave the allow-list, and passes the real tree.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dependencyProblems, licenceAllowed } from "./check.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

const list = {
  reviewed: "2026-11-28",
  licences: ["MIT", "ISC", "Apache-2.0"],
  licenceExceptions: { "@img/sharp-libvips-*": "shared library" },
  packages: {
    fastify: { licence: "MIT", lastRelease: "2026-11" },
    "pdf-lib": { licence: "MIT", lastRelease: "2021-11", note: "kept: writes only" },
  },
};
const lock = (extra = {}) => ({
  packages: {
    "": {},
    "node_modules/fastify": { license: "MIT" },
    "node_modules/pdf-lib": { license: "MIT" },
    "node_modules/pako": { license: "(MIT AND Zlib)" },
    "node_modules/@img/sharp-libvips-linux-x64": { license: "LGPL-3.0-or-later", optional: true },
    "node_modules/prettier": { license: "MIT", dev: true },
    "node_modules/gpl-only-in-tests": { license: "GPL-3.0", dev: true },
    ...extra,
  },
});
const manifests = (...names) => [{ dependencies: Object.fromEntries(names.map((n) => [n, "1.0.0"])) }];

describe("dependencyProblems", () => {
  it("passes a tree that keeps to the list", () => {
    const problems = dependencyProblems({
      lock: lock(),
      manifests: manifests("fastify", "pdf-lib"),
      list: { ...list, licences: [...list.licences, "Zlib"] },
    });
    expect(problems).toEqual([]);
  });

  it("names a runtime dependency missing from the list, and a listed one no longer used", () => {
    const problems = dependencyProblems({
      lock: lock({ "node_modules/left-pad": { license: "MIT" } }),
      manifests: manifests("fastify", "left-pad"),
      list: { ...list, licences: [...list.licences, "Zlib"] },
    });
    expect(problems).toEqual([
      expect.stringMatching(/^left-pad is a runtime dependency but not on the allow-list/),
      expect.stringMatching(/^pdf-lib is on the allow-list but no workspace depends on it/),
    ]);
  });

  it("refuses a licence that changed, one not allowed in the production tree, and an unmaintained package with no note", () => {
    const problems = dependencyProblems({
      lock: lock({ "node_modules/fastify": { license: "BUSL-1.1" } }),
      manifests: manifests("fastify", "pdf-lib"),
      list: {
        ...list,
        packages: { ...list.packages, "pdf-lib": { licence: "MIT", lastRelease: "2021-11" } },
      },
    });
    expect(problems).toEqual([
      "fastify: the allow-list says MIT, the lockfile BUSL-1.1.",
      expect.stringMatching(/^pdf-lib has had no release since 2021-11/),
      expect.stringMatching(/^fastify \(installed for production\) has the licence BUSL-1\.1/),
      expect.stringMatching(/^pako \(installed for production\) has the licence \(MIT AND Zlib\)/),
    ]);
  });

  it("holds the shop's own tree to its allow-list", () => {
    const problems = dependencyProblems({
      lock: readJson("package-lock.json"),
      manifests: ["apps/server", "apps/web", "packages/contracts"].map((dir) =>
        readJson(`${dir}/package.json`),
      ),
      list: readJson("scripts/dependencies/allow-list.json"),
    });
    expect(problems).toEqual([]);
  });
});

describe("licenceAllowed", () => {
  it("reads AND as all and OR as any", () => {
    expect(licenceAllowed("(MIT OR CC0-1.0)", ["CC0-1.0"])).toBe(true);
    expect(licenceAllowed("MIT AND ISC", ["MIT"])).toBe(false);
    expect(licenceAllowed("MIT AND ISC", ["MIT", "ISC"])).toBe(true);
    expect(licenceAllowed(undefined, ["MIT"])).toBe(false);
  });
});
