import { describe, expect, it } from "vitest";
import { breadcrumbItems } from "./breadcrumb-items";

const texts = (pathname: string, search = "") => breadcrumbItems(pathname, search).map((item) => item.text);

describe("breadcrumbItems", () => {
  it("is just Home on the home category", () => {
    expect(breadcrumbItems("/products", "?category=home&pageNumber=1")).toEqual([
      { text: "Home", currentUrl: "/products?category=home", isBrand: false, isProduct: false },
    ]);
  });

  it("follows the category levels with links that keep the levels above", () => {
    const items = breadcrumbItems(
      "/products",
      "?category=Chips&subCategory=Potato%20Chips&subCategory3=Salted&pageNumber=3",
    );
    expect(items.map((item) => item.text)).toEqual(["Home", "Chips", "Potato Chips", "Salted"]);
    expect(items[2]?.currentUrl).toBe("/products?category=Chips&subCategory=Potato+Chips&pageNumber=1");
    expect(items[3]?.currentUrl).toBe(
      "/products?category=Chips&subCategory=Potato+Chips&subCategory3=Salted&pageNumber=1",
    );
  });

  it("marks the brand and stops at a missing level", () => {
    const items = breadcrumbItems("/products", "?category=Sweets&subCategory4=Orphan&brand=Sunny%20Sweets");
    expect(items.map((item) => item.text)).toEqual(["Home", "Sweets", "Sunny Sweets"]);
    expect(items[2]).toMatchObject({
      isBrand: true,
      currentUrl: "/products?category=Sweets&brand=Sunny+Sweets&pageNumber=1",
    });
  });

  it("names the header categories as the header does, whatever the case in the URL", () => {
    expect(texts("/products", "?category=featured")).toEqual(["Home", "Featured"]);
    expect(texts("/products", "?category=hygiene")).toEqual(["Home", "Hygiene"]);
  });

  it("leaves a product page to draw its own trail", () => {
    expect(texts("/products/CHO1325")).toEqual(["Home"]);
  });

  it("shows a search", () => {
    expect(texts("/products", "?searchText=cola")).toEqual(["Home", "Search: “cola”"]);
  });

  it("names other pages and their orders", () => {
    expect(texts("/wish-list")).toEqual(["Home", "Wishlist"]);
    expect(texts("/manage/search")).toEqual(["Home", "No Images", "Search words"]);
    expect(breadcrumbItems("/orders-history/1042", "")).toEqual([
      expect.objectContaining({ text: "Home" }),
      expect.objectContaining({ text: "Orders", currentUrl: "/orders-history" }),
      expect.objectContaining({ text: "Order details", currentUrl: "/orders-history/1042" }),
    ]);
    expect(texts("/apply")).toEqual(["Home", "Apply for an account"]);
    expect(texts("/apply/status")).toEqual(["Home", "Apply for an account", "Application status"]);
    expect(texts("/applications")).toEqual(["Home", "Applications"]);
    // A payment belongs with the statements: there is no page of payments.
    expect(breadcrumbItems("/payments/PAY-ASB96Q2059", "")).toEqual([
      expect.objectContaining({ text: "Home" }),
      expect.objectContaining({ text: "Statements", currentUrl: "/statements" }),
      expect.objectContaining({ text: "Payment", currentUrl: "/payments/PAY-ASB96Q2059" }),
    ]);
  });

  it("skips the auth grouping segment and humanises unknown segments", () => {
    expect(texts("/auth/forgot-password")).toEqual(["Home", "Forgot password"]);
    expect(texts("/price-lists")).toEqual(["Home", "Price lists"]);
    expect(texts("/bad%E0")).toEqual(["Home", "Bad%E0"]);
  });
});
