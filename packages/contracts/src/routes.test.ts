import { describe, expect, it } from "vitest";
import { HEADER_CATEGORIES } from "./catalogue";
import { ProductsRouteQuery, productSearchFromRoute } from "./routes";

describe("productSearchFromRoute", () => {
  it("treats category=home as no category filter", () => {
    const search = productSearchFromRoute(ProductsRouteQuery.parse({ category: "home", pageNumber: "1" }));
    expect(search.categoryFilter).toBeNull();
    expect(search.featuredProductsOnly).toBe(false);
  });

  it("treats category=featured as featured products only", () => {
    const search = productSearchFromRoute(ProductsRouteQuery.parse({ category: "featured" }));
    expect(search.categoryFilter).toBeNull();
    expect(search.featuredProductsOnly).toBe(true);
  });

  it("shifts the deeper category levels onto the request's names", () => {
    const search = productSearchFromRoute(
      ProductsRouteQuery.parse({
        category: "Chips",
        subCategory: "Potato",
        subCategory3: "Salted",
        subCategory4: "Large",
        brand: "Crunchy",
        searchText: "salt",
        pageNumber: "3",
      }),
    );
    expect(search).toEqual({
      pageNumber: 3,
      categoryFilter: "Chips",
      subCategory1Filter: "Potato",
      subCategory2Filter: "Salted",
      subCategory3Filter: "Large",
      brandFilter: "Crunchy",
      descriptionFilter: "salt",
      featuredProductsOnly: false,
    });
  });

  it("shows page 1 for a missing or nonsense page number", () => {
    expect(ProductsRouteQuery.parse({}).pageNumber).toBe(1);
    expect(ProductsRouteQuery.parse({ pageNumber: "abc" }).pageNumber).toBe(1);
    expect(ProductsRouteQuery.parse({ pageNumber: "0" }).pageNumber).toBe(1);
  });

  it("has a header link for every category the header shows", () => {
    expect(HEADER_CATEGORIES.map((link) => link.label)).toEqual([
      "Home",
      "Chips",
      "Chocolates",
      "Liquor",
      "Sweets",
      "Beverages",
      "Biscuits",
      "Hygiene",
      "FEATURED",
    ]);
  });
});
