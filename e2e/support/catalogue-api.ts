// The catalogue as the API answers it, for browser tests that check the page shows what the
// server says (prices per customer, counts, images) rather than numbers copied into the test.
import { Product, ProductSearchResult, type ProductSearchRequest } from "@trade-shop/contracts/catalogue";
import { ProductImages, type ProductImage } from "@trade-shop/contracts/catalogue-images";
import { callApi } from "./api";
import { apiToken } from "./session";

/** The products of a search as `username` (or a visitor) sees them. */
export async function searchAs(
  baseUrl: string,
  username: string | null,
  request: Partial<ProductSearchRequest>,
): Promise<ProductSearchResult> {
  const token = username ? await apiToken(baseUrl, username) : undefined;
  return callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
    body: request,
    token,
    answer: ProductSearchResult,
  });
}

export async function productAs(baseUrl: string, username: string | null, skuCode: string): Promise<Product> {
  const token = username ? await apiToken(baseUrl, username) : undefined;
  return callApi(baseUrl, "POST", "/api/Product/GetProductBySkuCode", {
    body: { skuCode },
    token,
    answer: Product,
  });
}

export async function productImages(baseUrl: string, skuCode: string): Promise<ProductImage[]> {
  const path = `/api/Product/GetProductImages/${encodeURIComponent(skuCode)}`;
  return (await callApi(baseUrl, "GET", path, { answer: ProductImages })).images;
}

/**
 * Two Chips products the token's warehouse has at least 10 of, put in its cart with these packs
 * (through the API, as a page would); answers the two products.
 */
export async function cartWithTwoChips(baseUrl: string, token: string, packs: readonly [number, number]) {
  const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
    token,
    body: { pageNumber: 1, resultsPerPage: 12, inStockOnly: true, categoryFilter: "Chips" },
    answer: ProductSearchResult,
  });
  const [a, b] = search.skuResults.filter((p) => p.stockOnHand >= 10);
  if (!a || !b) throw new Error("fewer than two Chips products with 10 in stock");
  for (const [product, quantity] of [
    [a, packs[0]],
    [b, packs[1]],
  ] as const)
    await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
      token,
      body: { skuCode: product.skuCode, quantity },
    });
  return [a, b] as const;
}

/** Rand as the shop writes it, "R1 234.56", worked out independently of the web app's formatter. */
export function rand(amount: number): string {
  const [whole, cents] = amount.toFixed(2).split(".");
  return `R${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, " ")}.${cents}`;
}
