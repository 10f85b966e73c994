// Starts the built shop for the browser tests (scripts/shop-server.mjs), one for each worker
// (E2E_WORKERS, vitest.config.ts; support/shop.ts gives a file its worker's). Its back-office
// simulator steps every two seconds, so a test can watch an order go from Pending to Invoiced,
// and log-in limits are raised: every browser test file logs the demo users in (the limits
// themselves have API tests).
import type { TestProject } from "vitest/node";
import { chromiumPath } from "./support/chromium";
import { seedShopData, startShop } from "../scripts/shop-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The first worker's shop: what a file with one worker talks to (support/shop.ts). */
    baseUrl: string;
    /** Worker n's shop is the n-th. */
    shopUrls: string[];
    /** A data folder with the demo loaded, for a file's shop of its own (support/shop.ts startOwnShop). */
    seededDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  chromiumPath(); // fails loudly now rather than in every test
  // The demo is loaded once, by a first start as on a new machine; every shop of the run starts
  // on a copy of that folder.
  const seed = await seedShopData();
  // 1 but with E2E_WORKERS (vitest.config.ts), which also lets that many files run at once.
  const workers = Math.max(1, project.config.maxWorkers || 1);
  const starting = await Promise.allSettled(
    Array.from({ length: workers }, () =>
      startShop(
        {
          BACKOFFICE_SIMULATOR_STEP_MS: "2000",
          AUTH_RATE_LIMIT_FACTOR: "20",
          // Browser and server on one machine: a page's reads reach the server as the page reckons
          // (decision 139), and the stream can vouch for them from the first seconds of the run.
          REALTIME_READ_SLACK_MS: "0",
        },
        { seededDataDir: seed.dataDir },
      ),
    ),
  );
  const shops = starting.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const stop = async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    seed.dispose();
  };
  const failed = starting.find((s) => s.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  project.provide("baseUrl", shops[0]!.baseUrl);
  project.provide(
    "shopUrls",
    shops.map((shop) => shop.baseUrl),
  );
  project.provide("seededDataDir", seed.dataDir);
  return stop;
}
