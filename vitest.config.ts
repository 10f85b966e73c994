// One Vitest setup, six projects: unit (no database; lint-rules beside it), components (React pieces rendered in
// happy-dom with Testing Library, on React DOM as the app ships), api (the real app on PGlite or PostgreSQL, chosen by TEST_DB),
// e2e (the built app in Debian's Chromium) and drills (faults injected into the built server
// on PostgreSQL, alone and behind HAProxy). In every one, a console.error fails the test.
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { sourceAlias } from "./apps/web/vite.config.ts";

const apiDb = process.env.TEST_DB ?? "pglite";
// Browser test files at once, each worker on a shop of its own (e2e/global-setup.ts): 1 unless
// E2E_WORKERS says more.
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 1);
const setupFiles = ["test-support/console-guard.ts"];
/** The tests that lint code as if it were in the repository (eslint/*.js's zones). */
const LINT_RULE_TESTS = [
  "apps/web/src/import-boundaries.test.ts",
  "apps/server/src/module-boundaries.test.ts",
];

/**
 * API test files whose subject is not the database: the OpenAPI document (built from the route
 * table), and the outside services a process talks to (Redis's shared counters, the OpenLDAP
 * directory, SMTP). They run on PostgreSQL only; every other API file runs on both databases
 * (decision 160).
 */
const NOT_ABOUT_THE_DATABASE = [
  "apps/server/src/http/openapi.api.test.ts",
  "apps/server/src/modules/identity/shared-rate-limits.api.test.ts",
  "apps/server/src/modules/identity/directory.api.test.ts",
  "apps/server/src/modules/messaging/messaging.api.test.ts",
];

// The web app's `@/` imports, wherever a test reaches its files from.
const resolve = { alias: [sourceAlias] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: ["packages/**/*.test.ts", "apps/*/src/**/*.test.ts", "scripts/**/*.test.mjs"],
          exclude: ["**/node_modules/**", "**/*.api.test.ts", ...LINT_RULE_TESTS],
          environment: "node",
          setupFiles,
          // Files share the worker's modules rather than loading them afresh each (a third of the
          // time); a file that changes module state puts it back, and vi.mock stays per file.
          isolate: false,
          // npm test runs this suite beside another (scripts/test.mjs): a case that takes 2 s
          // alone can take three times that then, past Vitest's 5 s.
          testTimeout: 15_000,
        },
      },
      {
        resolve,
        test: {
          // The lint rules' own tests (run with unit by npm test): each ESLint keeps the import
          // resolver's caches of the first, so each file needs modules of its own.
          name: "lint-rules",
          include: LINT_RULE_TESTS,
          environment: "node",
          setupFiles,
          testTimeout: 15_000,
        },
      },
      {
        resolve,
        plugins: [react()],
        test: {
          name: "components",
          include: ["apps/web/src/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles,
          isolate: false, // as unit's
          testTimeout: 15_000, // as unit's
        },
      },
      {
        test: {
          name: `api-${apiDb}`,
          include: ["apps/server/src/**/*.api.test.ts"],
          exclude: ["**/node_modules/**", ...(apiDb === "pglite" ? NOT_ABOUT_THE_DATABASE : [])],
          globalSetup: ["apps/server/test/global-setup.ts"],
          setupFiles,
          environment: "node",
          // Each file builds its own app on its own copy of the database; the modules are shared.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          setupFiles,
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s by default: too short for a page's next render while
          // the API suites load both cores in CI.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: e2eWorkers > 1,
          maxWorkers: e2eWorkers,
        },
      },
      {
        resolve,
        test: {
          name: "drills",
          include: ["drills/**/*.drill.test.ts"],
          globalSetup: ["drills/global-setup.ts"],
          setupFiles,
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
