// The catalogue as the API answers it, for browser tests that check the page shows what the
// server says (prices per customer, counts, images) rather than numbers copied into the test.
import { callApi } from "./api";
import { apiToken } from "./session";

export interface ApiProduct {
  skuCode: string;
  skuDescription: string;
  skuBrand: string;
  listPriceIncl: number;
  listPriceExcl: number;
  discountPriceIncl: number | null;
  minOrderQuantityDiscount: number | null;
}

/** The products of a search as `username` (or a visitor) sees them. */
export async function searchAs(
  baseUrl: string,
  username: string | null,
  request: Record<string, unknown>,
): Promise<{ total: number; skuResults: ApiProduct[] }> {
  const token = username ? await apiToken(baseUrl, username) : undefined;
  return callApi(baseUrl, "POST", "/api/Product/ProductSearch", { body: request, token });
}

export async function productAs(
  baseUrl: string,
  username: string | null,
  skuCode: string,
): Promise<ApiProduct> {
  const token = username ? await apiToken(baseUrl, username) : undefined;
  return callApi(baseUrl, "POST", "/api/Product/GetProductBySkuCode", { body: { skuCode }, token });
}

export async function productImages(
  baseUrl: string,
  skuCode: string,
): Promise<{ url: string; isCover: boolean }[]> {
  const path = `/api/Product/GetProductImages/${encodeURIComponent(skuCode)}`;
  return (await callApi<{ images: { url: string; isCover: boolean }[] }>(baseUrl, "GET", path)).images;
}

/** Rand as the shop writes it, "R1 234.56", worked out independently of the web app's formatter. */
export function rand(amount: number): string {
  const [whole, cents] = amount.toFixed(2).split(".");
  return `R${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, " ")}.${cents}`;
}
