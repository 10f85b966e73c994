// What the service worker keeps for offline use and how the page recognises a kept copy: shared
// by apps/web/service-worker/sw.ts and the page, so neither guesses the other's names. Pure, with
// no imports, because it is bundled into the service worker too.

/** The Cache Storage cache holding copies of API reads; the page deletes it when a session ends. */
export const API_CACHE = "api-reads";

/** Set on an answer the service worker gave from its copy because the network could not be reached. */
export const OFFLINE_COPY_HEADER = "X-Offline-Copy";

/** The Cache Storage cache holding copies of the pages the server rendered (decision 140). */
export const PAGES_CACHE = "pages";

/** How a page's state block starts (app/page-state.ts's PAGE_STATE_ID). */
const STATE_BLOCK = '<script type="application/json" id="tradeshop-state">{';

/**
 * A kept page as the service worker answers with it offline: its state says it is a copy, served
 * by the server at `servedAt` (epoch ms), which the page gives as "prices as of".
 */
export function markedAsOfflineCopy(html: string, servedAt: number): string {
  return html.replace(STATE_BLOCK, `${STATE_BLOCK}"offlineCopyOf":${Math.round(servedAt)},`);
}

/**
 * Request headers that say who is asking (token, tenant, and the account a sales rep orders
 * for): part of every copy's key.
 */
export const SHOPPER_HEADER_NAMES = ["Authorization", "TenantId", "X-Acting-For"] as const;

/** One file of the precache: hashed files carry no revision (the name is the version). */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/**
 * The API reads worth having offline: the catalogue and products (POST, as docs/api.md has them, and
 * the GET of a visitor's first product list, decision 140),
 * order history and orders, order lists, addresses and the account's figures. Never commands,
 * sign-in, the real-time stream or staff screens; nor the cart and wishlist, whose copy in
 * browser storage is newer (every command's answer replaces it) than a read's could be.
 */
const CACHED_READS: Record<string, RegExp> = {
  GET: /^\/api\/(?:Order|Order\/GetOrderById\/\d+|OrderLists(?:\/\d+)?|Users\/GetCustomerAddresses|Product\/(?:ProductSearch|GetProductImages\/[^/]+))$/,
  POST: /^\/api\/(?:Product\/(?:ProductSearch|GetProducts|GetProductBySkuCode)|Users\/(?:GetCustomerDetails|GetCreditDetails))$/,
};

export function cachedApiRead(method: string, pathname: string): boolean {
  return CACHED_READS[method]?.test(pathname) ?? false;
}
