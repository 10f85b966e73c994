import { describe, expect, it } from "vitest";
import {
  categoryChanges,
  clearFiltersHref,
  productSearchRequest,
  productsHref,
  readProductsView,
  selectedCategoryPath,
} from "./products-query";

const params = (query: string) => new URLSearchParams(query);
const view = (query: string) => readProductsView(params(query));
const request = (query: string) => productSearchRequest(view(query));

describe("readProductsView and productSearchRequest", () => {
  it("reads every docs/screens.md param onto the search request", () => {
    expect(
      request(
        "category=Chips&subCategory=Potato%20Chips&subCategory3=Salted&subCategory4=Large&brand=Veld%20Snacks&searchText=salt&pageNumber=3",
      ),
    ).toEqual({
      pageNumber: 3,
      resultsPerPage: 24,
      sortBy: "relevance",
      sortDirection: "asc",
      categoryFilter: "Chips",
      subCategory1Filter: "Potato Chips",
      subCategory2Filter: "Salted",
      subCategory3Filter: "Large",
      brandFilter: "Veld Snacks",
      descriptionFilter: "salt",
      featuredProductsOnly: false,
      newProductsOnly: false,
      inStockOnly: false,
    });
  });

  it("treats home as no category and featured (in any case) as featured only", () => {
    expect(request("category=home")).toMatchObject({ categoryFilter: null, featuredProductsOnly: false });
    expect(request("category=Featured")).toMatchObject({ categoryFilter: null, featuredProductsOnly: true });
    expect(request("category=HOME")).toMatchObject({ categoryFilter: null, featuredProductsOnly: false });
  });

  it("maps sort and page size, and falls back to the defaults for anything else", () => {
    expect(request("sort=price-desc&pageSize=48")).toMatchObject({
      sortBy: "price",
      sortDirection: "desc",
      resultsPerPage: 48,
    });
    expect(request("sort=newest&pageSize=12")).toMatchObject({ sortBy: "newest", resultsPerPage: 12 });
    expect(request("sort=cheapest&pageSize=1000")).toMatchObject({
      sortBy: "relevance",
      sortDirection: "asc",
      resultsPerPage: 24,
    });
  });

  it("shows page 1 for a page number that is not a whole number from 1 up", () => {
    for (const bad of ["0", "-2", "abc", "2.5", ""]) expect(request(`pageNumber=${bad}`).pageNumber).toBe(1);
  });

  it("treats blank params as absent", () => {
    expect(request("category=%20&brand=&searchText=%20%20")).toMatchObject({
      categoryFilter: null,
      brandFilter: null,
      descriptionFilter: null,
    });
  });
});

describe("productsHref", () => {
  const current = params("category=Chips&brand=Veld%20Snacks&sort=price&pageNumber=4");

  it("goes back to page 1 when anything but the page changes", () => {
    expect(productsHref(current, { sort: "brand" })).toBe(
      "/products?category=Chips&brand=Veld+Snacks&sort=brand&pageNumber=1",
    );
  });

  it("keeps everything else when only the page changes", () => {
    expect(productsHref(current, { pageNumber: 5 })).toBe(
      "/products?category=Chips&brand=Veld+Snacks&sort=price&pageNumber=5",
    );
  });

  it("removes a param given null and leaves the defaults out", () => {
    expect(productsHref(current, { brand: null, sort: "relevance", pageSize: 24 })).toBe(
      "/products?category=Chips&pageNumber=1",
    );
  });

  it("drops params it does not know", () => {
    expect(productsHref(params("category=Chips&utm_source=mail"), {})).toBe(
      "/products?category=Chips&pageNumber=1",
    );
  });

  it("selects a category node and clears the levels below it", () => {
    const deep = params("category=Chips&subCategory=Potato&subCategory3=Salted&subCategory4=Large");
    expect(productsHref(deep, categoryChanges(["Chips", "Corn"]))).toBe(
      "/products?category=Chips&subCategory=Corn&pageNumber=1",
    );
  });
});

describe("clearFiltersHref", () => {
  it("keeps the header category and drops sub-categories and brand", () => {
    const query = "category=Chips&subCategory=Potato&brand=Veld&sort=price";
    expect(clearFiltersHref(params(query), view(query))).toBe(
      "/products?category=Chips&sort=price&pageNumber=1",
    );
  });

  it("keeps only the words of a search", () => {
    const query = "category=Chips&searchText=chutney";
    expect(clearFiltersHref(params(query), view(query))).toBe("/products?searchText=chutney&pageNumber=1");
  });

  it("is null when nothing is narrowed", () => {
    expect(clearFiltersHref(params("category=Chips"), view("category=Chips"))).toBeNull();
    expect(clearFiltersHref(params("searchText=cola"), view("searchText=cola"))).toBeNull();
  });
});

describe("selectedCategoryPath", () => {
  it("lists the levels down to the first missing one", () => {
    expect(selectedCategoryPath(view("category=Chips&subCategory=Potato&subCategory4=Orphan"))).toEqual([
      "Chips",
      "Potato",
    ]);
  });

  it("is empty on home and featured", () => {
    expect(selectedCategoryPath(view("category=home&subCategory=Potato"))).toEqual([]);
    expect(selectedCategoryPath(view("category=featured"))).toEqual([]);
  });
});
