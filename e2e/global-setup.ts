// Starts the built shop once for the browser tests (scripts/shop-server.mjs). Its back-office
// simulator steps every two seconds, so a test can watch an order go from Pending to Invoiced,
// and log-in limits are raised: every browser test file logs the demo users in (the limits
// themselves have API tests).
import type { TestProject } from "vitest/node";
import { chromiumPath } from "./support/chromium";
import { startShop } from "../scripts/shop-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  chromiumPath(); // fails loudly now rather than in every test
  const shop = await startShop({
    BACKOFFICE_SIMULATOR_STEP_MS: "2000",
    AUTH_RATE_LIMIT_FACTOR: "20",
    // Browser and server on one machine: a page's reads reach the server as the page reckons
    // (decision 139), and the stream can vouch for them from the first seconds of the run.
    REALTIME_READ_SLACK_MS: "0",
  });
  project.provide("baseUrl", shop.baseUrl);
  return () => shop.stop();
}
