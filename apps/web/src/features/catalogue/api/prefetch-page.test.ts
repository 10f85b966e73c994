// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { shopperKey } from "../../../lib/api-client";
import { startActingFor, stopActingFor } from "../../../lib/acting-for";
import { clearSession, startSession } from "../../../lib/session";
import { fakeJwt } from "../../../lib/testing/tokens";
import { productSearchRequest, readProductsView } from "../products-query";
import { currentViewer } from "./catalogue-keys";
import indexHtml from "../../../../index.html?raw";
import { getProductSearchQueryOptions } from "./search-products";
import { getProductImagesQueryOptions } from "./get-product-images";
import { getProductQueryOptions } from "./get-product";
import { prefetchCataloguePage, type FirstAnswers } from "./prefetch-page";

const PAGE = { pathname: "/products", search: "?category=Chips&pageNumber=2" };
/** What the first script records for a visitor: no token, tenant or rep's account. */
const VISITOR = "\n\n";
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
    const first: FirstAnswers = {
      search: { address: ADDRESS, who: VISITOR, answer: Promise.resolve(json(answerOf(7))) },
    };
    prefetchCataloguePage(client, PAGE, first);
    expect((await pageData(client))?.total).toBe(7);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("asks with the page's own POST when the early request never arrived", async () => {
    const answer = Promise.reject(new TypeError("offline"));
    answer.catch(() => undefined);
    prefetchCataloguePage(client, PAGE, { search: { address: ADDRESS, who: VISITOR, answer } });
    expect((await pageData(client))?.total).toBe(99);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/Product/ProductSearch");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toMatchObject({ categoryFilter: "Chips", pageNumber: 2 });
  });

  it("takes a refusal as the page's own request's, without asking again", async () => {
    const refusal = json({ title: "Validation failed", status: 400, code: "validation" }, 400);
    prefetchCataloguePage(client, PAGE, {
      search: { address: ADDRESS, who: VISITOR, answer: Promise.resolve(refusal) },
    });
    const request = productSearchRequest(readProductsView(new URLSearchParams(PAGE.search)));
    const { queryKey } = getProductSearchQueryOptions(request, "guest");
    await vi.waitFor(() => expect(client.getQueryState(queryKey)?.status).toBe("error"));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("leaves an early answer for another address alone", async () => {
    const first: FirstAnswers = {
      search: {
        address: "/products?category=Sweets",
        who: VISITOR,
        answer: Promise.resolve(json(answerOf(7))),
      },
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
      product: { address: "/products/BEV1001", who: VISITOR, answer: product },
      images: { address: "/products/BEV1001", who: VISITOR, answer: Promise.resolve(json(images)) },
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
      product: { address: "/products/NOPE999", who: VISITOR, answer: Promise.resolve(notThere()) },
      images: { address: "/products/NOPE999", who: VISITOR, answer: Promise.resolve(notThere()) },
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

describe("index.html's first script asks as the app would (decision 137)", () => {
  const script = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)![1]!;
  let fetchSpy: ReturnType<typeof vi.fn>;

  /** Runs the first script on `address`; what it left for the app. */
  function runFirstScript(address: string): FirstAnswers {
    history.replaceState(null, "", address);
    new Function(script)();
    return window.__tradeshopFirstAnswers ?? {};
  }

  beforeEach(() => {
    clearSession();
    stopActingFor();
    localStorage.clear();
    fetchSpy = vi.fn(async () => json(answerOf(7)));
    vi.stubGlobal("fetch", fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    localStorage.clear();
  });

  const expired = () => {
    const token = fakeJwt(["Customer"]);
    const [head, , sig] = token.split(".");
    const claims = btoa(JSON.stringify({ exp: 1, roles: ["Customer"], uid: 7, tenants: ["ZA-GP"] }));
    return `${head}.${claims.replace(/=+$/, "")}.${sig}`;
  };
  const cases: [string, () => void][] = [
    ["a visitor", () => {}],
    ["a visitor whose browser kept a tenant", () => localStorage.setItem("tradeshop.tenant", "ZA-WC")],
    ["a customer", () => startSession(fakeJwt(["Customer"]))],
    [
      "a customer with a second tenant chosen",
      () => {
        startSession(fakeJwt(["Customer"], { tenants: ["ZA-GP", "ZA-WC"] }));
        localStorage.setItem("tradeshop.tenant", "ZA-WC");
      },
    ],
    [
      "a customer whose kept tenant the token does not hold",
      () => {
        startSession(fakeJwt(["Customer"]));
        localStorage.setItem("tradeshop.tenant", "ZA-WC");
      },
    ],
    ["a login whose token has run out", () => localStorage.setItem("tradeshop.session", expired())],
    ["a stored token that is not one", () => localStorage.setItem("tradeshop.session", "not.a-token")],
  ];
  it.each(cases)("%s: the same token and tenant, and the app takes the answer", (_name, arrange) => {
    arrange();
    const first = runFirstScript(ADDRESS);
    expect(first.search?.who).toBe(shopperKey());
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/Product/ProductSearch${PAGE.search}`);
    const sent = new Headers(init.headers);
    expect([sent.get("Authorization") ?? "", sent.get("TenantId") ?? "", ""].join("\n")).toBe(shopperKey());
  });

  it("a customer's list: asked once, by the first script, with the token, and read under the customer's key", async () => {
    startSession(fakeJwt(["Customer"]));
    const first = runFirstScript(ADDRESS);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchCataloguePage(client, PAGE, first);
    const request = productSearchRequest(readProductsView(new URLSearchParams(PAGE.search)));
    const { queryKey } = getProductSearchQueryOptions(request, currentViewer());
    expect(currentViewer()).not.toBe("guest");
    await vi.waitFor(() => expect(client.getQueryData<ProductSearchResult>(queryKey)?.total).toBe(7));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get("Authorization")).toMatch(/^Bearer /);
  });

  it("a rep ordering for a customer's account is left to the app, which asks with the account", async () => {
    startSession(fakeJwt(["Rep"]));
    startActingFor({ accountId: "CUS0040", name: "Coastal Cash & Carry" });
    expect(runFirstScript(ADDRESS)).toEqual({});
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("an answer asked as someone else is not taken: the app asks for itself", async () => {
    startSession(fakeJwt(["Customer"]));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Asked as a visitor (the login arrived from another tab in between): not this customer's prices.
    prefetchCataloguePage(client, PAGE, {
      search: { address: ADDRESS, who: VISITOR, answer: Promise.resolve(json(answerOf(7))) },
    });
    const request = productSearchRequest(readProductsView(new URLSearchParams(PAGE.search)));
    const { queryKey } = getProductSearchQueryOptions(request, currentViewer());
    await vi.waitFor(() => expect(client.getQueryData<ProductSearchResult>(queryKey)?.total).toBe(7));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/Product/ProductSearch");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("Authorization")).toMatch(/^Bearer /);
  });
});
