import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { getProductQueryOptions } from "@/features/catalogue/api/get-product";
import { getProductSearchQueryOptions } from "@/features/catalogue/api/search-products";
import { prefetchCataloguePage } from "@/features/catalogue/api/prefetch-page";
import { product, productExtendedData, productImages } from "@/features/catalogue/product.fixture";
import { productSearchRequest, readProductsView } from "@/features/catalogue/products-query";
import type { Ask } from "@/lib/api-client";
import { pageHead, pageHeadHtml } from "./page-head";

const ORIGIN = "https://shop.example";

describe("pageHead", () => {
  it("gives a product page its title, description, canonical address and JSON-LD Product with the visitor's price", () => {
    const client = new QueryClient();
    const shown = product({
      skuCode: "CHP 1/374",
      skuDescription: 'Braai "Time" <Chips> 80g',
      listPriceIncl: 1234.5,
      extendedData: productExtendedData("CHP 1/374"),
    });
    client.setQueryData(getProductQueryOptions("CHP 1/374", "guest").queryKey, shown);
    const head = pageHead(new URL(`${ORIGIN}/products/CHP%201%2F374`), client, ORIGIN);
    expect(head.title).toBe('Braai "Time" <Chips> 80g | Trade Shop');
    expect(head.canonical).toBe(`${ORIGIN}/products/CHP%201%2F374`);
    expect(head.description).toContain("R1 234.50 incl. VAT");
    expect(head.structuredData).toMatchObject({
      "@type": "Product",
      sku: "CHP 1/374",
      gtin: "6009510800012",
      brand: { "@type": "Brand", name: shown.skuBrand },
      offers: { priceCurrency: "ZAR", price: "1234.50" },
    });
    const html = pageHeadHtml(head);
    // Escaped for HTML, and the JSON-LD cannot end its script early.
    expect(html).toContain("<title>Braai &quot;Time&quot; &lt;Chips&gt; 80g | Trade Shop</title>");
    expect(html).not.toMatch(/<Chips>/);
    expect(html).toContain("\\u003cChips>");
  });

  it("gives the list its heading as title and a canonical address of only the parameters that make it a page", () => {
    const url = new URL(`${ORIGIN}/products?category=Chips&pageSize=48&view=list&pageNumber=2&searchText=`);
    const head = pageHead(url, new QueryClient(), ORIGIN);
    expect(head.title).toBe("Chips | Trade Shop");
    expect(head.canonical).toBe(`${ORIGIN}/products?category=Chips&pageNumber=2`);
    expect(pageHead(new URL(`${ORIGIN}/products?searchText=cola`), new QueryClient(), ORIGIN).title).toBe(
      "Results for “cola” | Trade Shop",
    );
  });

  it("names the content pages as they name their tabs", () => {
    expect(pageHead(new URL(`${ORIGIN}/contact`), new QueryClient(), ORIGIN).title).toBe(
      "Contact us | Trade Shop",
    );
    expect(pageHead(new URL(`${ORIGIN}/not-found`), new QueryClient(), ORIGIN).title).toBe(
      "Page not found | Trade Shop",
    );
  });
});

describe("prefetchCataloguePage with the server's in-process ask", () => {
  it("puts the list's search under the key the page reads, asked the way the page asks", async () => {
    const client = new QueryClient();
    const asked: unknown[] = [];
    const ask = (async (route: { path: string }, options: { body?: unknown }) => {
      asked.push([route.path, options.body]);
      return { total: 0, skuResults: [] };
    }) as unknown as Ask;
    await prefetchCataloguePage(
      client,
      { pathname: "/products", search: "?category=Chips&pageNumber=2" },
      "guest",
      ask,
    );
    const request = productSearchRequest(
      readProductsView(new URLSearchParams("category=Chips&pageNumber=2")),
    );
    expect(asked).toEqual([["/api/Product/ProductSearch", request]]);
    expect(client.getQueryData(getProductSearchQueryOptions(request, "guest").queryKey)).toEqual({
      total: 0,
      skuResults: [],
    });
  });

  it("asks for a product page's product and pictures by the decoded code, and for nothing on other pages", async () => {
    const client = new QueryClient();
    const asked: string[] = [];
    const ask = (async (
      route: { path: string },
      options: { body?: { skuCode: string }; params?: { skuCode: string } },
    ) => {
      asked.push(`${route.path} ${options.body?.skuCode ?? options.params?.skuCode}`);
      return route.path.includes("Images") ? productImages("A B") : product({ skuCode: "A B" });
    }) as unknown as Ask;
    await prefetchCataloguePage(client, { pathname: "/products/A%20B", search: "" }, "guest", ask);
    expect(asked.sort()).toEqual([
      "/api/Product/GetProductBySkuCode A B",
      "/api/Product/GetProductImages/:skuCode A B",
    ]);
    await prefetchCataloguePage(client, { pathname: "/contact", search: "" }, "guest", ask);
    await prefetchCataloguePage(client, { pathname: "/products/%E0%A4%A", search: "" }, "guest", ask);
    expect(asked).toHaveLength(2);
  });
});
