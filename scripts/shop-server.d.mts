export interface ShopServer {
  baseUrl: string;
  /** Stops the shop and removes its data folder. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number>;

/** Starts the built shop with the demo data and `env` on top; resolves once healthy. */
export function startShop(env?: Record<string, string>): Promise<ShopServer>;
