import { describe, expect, it } from "vitest";
import { productTrail } from "./product-trail";

const product = {
  skuCode: "CHO1325",
  skuCategory: "Chocolates",
  skuSubCategory: "Slabs",
  skuSubCategory2: "Milk Chocolate",
  skuSubCategory3: null,
  skuBrand: "Marula Chocolate",
  skuDescription: "Marula Chocolate Biscuit Crunch Milk Chocolate 150g",
};

describe("productTrail", () => {
  it("runs Home, the category levels, the brand within them, then the product", () => {
    expect(productTrail(product)).toEqual([
      { text: "Home", currentUrl: "/products?category=home", isBrand: false, isProduct: false },
      {
        text: "Chocolates",
        currentUrl: "/products?category=Chocolates&pageNumber=1",
        isBrand: false,
        isProduct: false,
      },
      {
        text: "Slabs",
        currentUrl: "/products?category=Chocolates&subCategory=Slabs&pageNumber=1",
        isBrand: false,
        isProduct: false,
      },
      {
        text: "Milk Chocolate",
        currentUrl:
          "/products?category=Chocolates&subCategory=Slabs&subCategory3=Milk+Chocolate&pageNumber=1",
        isBrand: false,
        isProduct: false,
      },
      {
        text: "Marula Chocolate",
        currentUrl:
          "/products?category=Chocolates&subCategory=Slabs&subCategory3=Milk+Chocolate&brand=Marula+Chocolate&pageNumber=1",
        isBrand: true,
        isProduct: false,
      },
      {
        text: "Marula Chocolate Biscuit Crunch Milk Chocolate 150g",
        currentUrl: "/products/CHO1325",
        isBrand: false,
        isProduct: true,
      },
    ]);
  });
});
