// One Vitest setup, three projects: unit (no database), api (the real app on PGlite or
// PostgreSQL, chosen by TEST_DB) and e2e (the built app in Debian's Chromium).
import { defineConfig } from "vitest/config";

const apiDb = process.env.TEST_DB ?? "pglite";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/**/*.test.ts", "apps/*/src/**/*.test.{ts,tsx}"],
          exclude: ["**/node_modules/**", "**/*.api.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: `api-${apiDb}`,
          include: ["apps/server/src/**/*.api.test.ts"],
          globalSetup: ["apps/server/test/global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
