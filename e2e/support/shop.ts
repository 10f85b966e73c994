// The built shop a test file talks to: the one global-setup.ts started for the file's worker.
// The browser tests run one file at a time on one shop; with E2E_WORKERS=n (vitest.config.ts)
// n files run at once, each worker on a shop of its own, so no two files share logins, mail,
// log-in limits or stock.
import { inject } from "vitest";
import { startShop, type ShopServer } from "../../scripts/shop-server.mjs";

export function shopUrl(): string {
  const shops = inject("shopUrls");
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  return shops[(worker - 1) % shops.length]!;
}

/**
 * A shop of the file's own (its own settings, a back office of its own, nothing another file did):
 * started on a copy of the run's seeded data folder, so it is ready in seconds.
 */
export function startOwnShop(env: Record<string, string> = {}): Promise<ShopServer> {
  return startShop(env, { seededDataDir: inject("seededDataDir") });
}
