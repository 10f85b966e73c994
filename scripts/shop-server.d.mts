export interface ShopServer {
  baseUrl: string;
  /** Stops the shop and removes its data folder. */
  stop(): Promise<void>;
  /** Stops the shop and keeps its data folder. */
  halt(): Promise<void>;
  dataDir: string;
}

export function freePort(): Promise<number>;

/**
 * Starts the built shop with the demo data and `env` on top; resolves once healthy. With
 * `seededDataDir` it starts on a copy of that folder (seedShopData), the demo already loaded.
 */
export function startShop(
  env?: Record<string, string>,
  options?: { seededDataDir?: string },
): Promise<ShopServer>;

/** A data folder migrated and loaded with the demo by a first start, for startShop's `seededDataDir`. */
export function seedShopData(): Promise<{ dataDir: string; dispose(): void }>;
