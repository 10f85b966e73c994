// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { productSearchRequest, readProductsView } from "../products-query";
import { getProductSearchQueryOptions } from "./search-products";
import { getProductImagesQueryOptions } from "./get-product-images";
import { getProductQueryOptions } from "./get-product";
import { prefetchCataloguePage, type FirstAnswers } from "./prefetch-page";

const PAGE = { pathname: "/products", search: "?category=Chips&pageNumber=2" };
const ADDRESS = PAGE.pathname + PAGE.search;

function answerOf(total: number): ProductSearchResult {
  return {
    total,
    resultsPerPage: 24,
    resultCount: 0,
    pages: 1,
    currentPage: 1,
    sortOrder: "asc",
    sortBy: "relevance",
    brandFilter: null,
    searchFilter: null,
    skuResults: [],
    categoryResults: [],
    brandResults: [],
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The cache entry the products page at PAGE reads, once the prefetch has settled. */
async function pageData(client: QueryClient) {
  const request = productSearchRequest(readProductsView(new URLSearchParams(PAGE.search)));
  const { queryKey } = getProductSearchQueryOptions(request, "guest");
  await vi.waitFor(() => expect(client.getQueryState(queryKey)?.status).not.toBe("pending"));
  return client.getQueryData<ProductSearchResult>(queryKey);
}

describe("prefetchCataloguePage: a visitor's page asked for by index.html (decision 132)", () => {
  let client: QueryClient;
  let fetchSpy: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.clear();
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    fetchSpy = vi.fn(async () => json(answerOf(99)));
    vi.stubGlobal("fetch", fetchSpy);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("takes the early answer and asks nothing more", async () => {
    const first: FirstAnswers = { search: { address: ADDRESS, answer: Promise.resolve(json(answerOf(7))) } };
    prefetchCataloguePage(client, PAGE, first);
    expect((await pageData(client))?.total).toBe(7);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("asks with the page's own POST when the early request never arrived", async () => {
    const answer = Promise.reject(new TypeError("offline"));
    answer.catch(() => undefined);
    prefetchCataloguePage(client, PAGE, { search: { address: ADDRESS, answer } });
    expect((await pageData(client))?.total).toBe(99);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/Product/ProductSearch");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toMatchObject({ categoryFilter: "Chips", pageNumber: 2 });
  });

  it("takes a refusal as the page's own request's, without asking again", async () => {
    const refusal = json({ title: "Validation failed", status: 400, code: "validation" }, 400);
    prefetchCataloguePage(client, PAGE, { search: { address: ADDRESS, answer: Promise.resolve(refusal) } });
    const request = productSearchRequest(readProductsView(new URLSearchParams(PAGE.search)));
    const { queryKey } = getProductSearchQueryOptions(request, "guest");
    await vi.waitFor(() => expect(client.getQueryState(queryKey)?.status).toBe("error"));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("leaves an early answer for another address alone", async () => {
    const first: FirstAnswers = {
      search: { address: "/products?category=Sweets", answer: Promise.resolve(json(answerOf(7))) },
    };
    prefetchCataloguePage(client, PAGE, first);
    expect((await pageData(client))?.total).toBe(99);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("takes a product page's early pictures, and asks for the product itself when its early answer failed", async () => {
    const page = { pathname: "/products/BEV1001", search: "" };
    const images = {
      skuCode: "BEV1001",
      images: [{ url: "/images/products/a.webp", isCover: true, width: 600, height: 600 }],
    };
    const product = Promise.reject(new TypeError("offline"));
    product.catch(() => undefined);
    fetchSpy.mockImplementation(async () => json({ title: "Not found" }, 404));
    prefetchCataloguePage(client, page, {
      product: { address: "/products/BEV1001", answer: product },
      images: { address: "/products/BEV1001", answer: Promise.resolve(json(images)) },
    });
    await vi.waitFor(() =>
      expect(client.getQueryData(getProductImagesQueryOptions("BEV1001").queryKey)).toEqual(images),
    );
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/Product/GetProductBySkuCode");
    expect(JSON.parse(String(init.body))).toEqual({ skuCode: "BEV1001" });
  });

  it("says once that a product is not there: its pictures' 404 adds no second toast", async () => {
    const { toast } = await import("../../../lib/ui/toasts");
    const shown = vi.spyOn(toast, "error").mockImplementation(() => undefined);
    const notThere = () => json({ title: "There is no product with the code NOPE999.", status: 404 }, 404);
    const page = { pathname: "/products/NOPE999", search: "" };
    const settled = async (target: QueryClient) => {
      const keys = [getProductQueryOptions("NOPE999", "guest"), getProductImagesQueryOptions("NOPE999")];
      for (const { queryKey } of keys)
        await vi.waitFor(() => expect(target.getQueryState(queryKey)?.status).toBe("error"));
    };

    // Asked by index.html's first script...
    prefetchCataloguePage(client, page, {
      product: { address: "/products/NOPE999", answer: Promise.resolve(notThere()) },
      images: { address: "/products/NOPE999", answer: Promise.resolve(notThere()) },
    });
    await settled(client);
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown.mock.calls[0]?.[1]).toMatchObject({
      description: "There is no product with the code NOPE999.",
    });

    // ...and by the page's own calls.
    fetchSpy.mockImplementation(async () => notThere());
    const again = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchCataloguePage(again, page, {});
    await settled(again);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(shown).toHaveBeenCalledTimes(2);
    shown.mockRestore();
  });
});
