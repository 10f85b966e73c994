// The catalogue search as API tests ask it: one page, or every product a search finds in order.
import { expect } from "vitest";
import type { Product, ProductSearchRequest, ProductSearchResult } from "@trade-shop/contracts/catalogue";
import type { TestApp } from "./test-app";

/** `app` is read at each call: a file's app is built in its beforeAll. */
export function productSearchOn(app: () => TestApp) {
  async function search(body: Partial<ProductSearchRequest>, token?: string): Promise<ProductSearchResult> {
    const res = await app().request({
      method: "POST",
      url: "/api/Product/ProductSearch",
      body,
      ...(token ? { token } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** Every product the search finds, in order. */
  async function allResults(descriptionFilter: string): Promise<Product[]> {
    const first = await search({ descriptionFilter, resultsPerPage: 48 });
    const rest = [];
    for (let page = 2; page <= first.pages; page++) {
      rest.push(await search({ descriptionFilter, resultsPerPage: 48, pageNumber: page }));
    }
    return [first, ...rest].flatMap((r) => r.skuResults);
  }

  return { search, allResults };
}

/**
 * Reads until `done` holds, for up to 2 s. A change written by another path (the back office, a
 * console, a stock update) reaches the process's kept search answers through LISTEN/NOTIFY: at
 * once on PGlite, within moments on PostgreSQL. Far sooner, either way, than an entry would age
 * out (a minute).
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 2_000;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}
