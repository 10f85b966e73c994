// Starts the built shop once for the browser tests (support/shop-server.ts). Its back-office
// simulator steps every two seconds, so a test can watch an order go from Pending to Invoiced.
import type { TestProject } from "vitest/node";
import { chromiumPath } from "./support/browser";
import { startShop } from "./support/shop-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  chromiumPath(); // fails loudly now rather than in every test
  const shop = await startShop({ BACKOFFICE_SIMULATOR_STEP_MS: "2000" });
  project.provide("baseUrl", shop.baseUrl);
  return () => shop.stop();
}
