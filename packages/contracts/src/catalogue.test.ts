import { describe, expect, it } from "vitest";
import {
  AssignCoverImageCommand,
  ProductExtendedData,
  ProductSearchRequest,
  UploadProductImagesCommand,
} from "./catalogue";

describe("ProductSearchRequest", () => {
  it("fills in the defaults of an empty request", () => {
    expect(ProductSearchRequest.parse({})).toEqual({
      pageNumber: 1,
      resultsPerPage: 24,
      sortBy: "relevance",
      sortDirection: "asc",
      featuredProductsOnly: false,
      newProductsOnly: false,
      inStockOnly: false,
    });
  });

  it("refuses page 0 and a page size that is not offered", () => {
    expect(ProductSearchRequest.safeParse({ pageNumber: 0 }).success).toBe(false);
    expect(ProductSearchRequest.safeParse({ resultsPerPage: 13 }).error?.issues[0]?.message).toBe(
      "Choose 12, 24 or 48 results per page",
    );
    expect(ProductSearchRequest.parse({ resultsPerPage: 48 }).resultsPerPage).toBe(48);
  });

  it("refuses an unknown sort and a search text over 100 characters", () => {
    expect(ProductSearchRequest.safeParse({ sortBy: "cheapest" }).success).toBe(false);
    expect(ProductSearchRequest.safeParse({ descriptionFilter: "x".repeat(101) }).success).toBe(false);
    expect(ProductSearchRequest.parse({ descriptionFilter: "  crisps " }).descriptionFilter).toBe("crisps");
  });
});

describe("ProductExtendedData", () => {
  it("has both nutrition panels for every nutrient", () => {
    const fields = Object.keys(ProductExtendedData.shape);
    expect(fields).toContain("energyKj100g");
    expect(fields).toContain("sodiumMgServing");
    expect(fields.filter((field) => field.endsWith("100g"))).toHaveLength(11);
    expect(fields.filter((field) => field.endsWith("Serving"))).toHaveLength(11);
  });
});

describe("image commands", () => {
  const image = "data:image/png;base64,iVBORw0KGgo=";

  it("takes 1 to 10 images as data URLs", () => {
    expect(UploadProductImagesCommand.safeParse({ skuCode: "CHP001", src: [image] }).success).toBe(true);
    expect(UploadProductImagesCommand.safeParse({ skuCode: "CHP001", src: [] }).success).toBe(false);
    expect(
      UploadProductImagesCommand.safeParse({ skuCode: "CHP001", src: Array(11).fill(image) }).success,
    ).toBe(false);
    expect(
      UploadProductImagesCommand.safeParse({ skuCode: "CHP001", src: ["https://x/y.png"] }).success,
    ).toBe(false);
  });

  it("refuses a cover index past the last image", () => {
    const command = { skuCode: "CHP001", src: ["/images/a.webp", "/images/b.webp"] };
    expect(AssignCoverImageCommand.safeParse({ ...command, mainImageIndex: 1 }).success).toBe(true);
    expect(AssignCoverImageCommand.safeParse({ ...command, mainImageIndex: 2 }).success).toBe(false);
  });
});
