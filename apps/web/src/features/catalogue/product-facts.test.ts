import { describe, expect, it } from "vitest";
import type { ProductExtendedData } from "@trade-shop/contracts/catalogue";
import { claimBadges, formatMeasure, nutritionTable, productFactGroups } from "./product-facts";

const NUTRIENTS = [
  "energyKj",
  "carbohydrateG",
  "sugarG",
  "totalFatG",
  "saturatedFatG",
  "transFatG",
  "proteinG",
  "fibreG",
  "cholesterolMg",
  "omega3Mg",
  "sodiumMg",
];
const noNutrition = Object.fromEntries(
  NUTRIENTS.flatMap((n) => [
    [`${n}100g`, null],
    [`${n}Serving`, null],
  ]),
);

const chocolate: ProductExtendedData = {
  ...(noNutrition as Pick<ProductExtendedData, "energyKj100g">),
  id: 741,
  skuCode: "CHO1325",
  primaryGTIN: "6000012000375",
  manufacturerProductCode: "MC-00037",
  unitsPerCase: 14,
  casesPerLayer: 17,
  layersPerPallet: 6,
  heightMm: 14,
  widthMm: 182,
  depthMm: 91,
  grossWeightG: 155,
  brand: "Marula Chocolate",
  subBrand: null,
  productName: "Biscuit Crunch Milk Chocolate",
  productType: "Milk Chocolate",
  variant: "Biscuit Crunch",
  modelNumber: null,
  colour: null,
  marketingText: null,
  keywords: null,
  shortDescription: null,
  features: null,
  videoLink: null,
  packagingMaterial: "Foil and paper wrapper",
  recyclable: true,
  contents: "150 g",
  countryOfOrigin: "South Africa",
  usageInstructions: null,
  storageInstructions: "Store in a cool, dry place below 25 °C.",
  shelfLifeDays: 367,
  warranty: null,
  warnings: null,
  ingredients: null,
  allergens: ["Milk", "Soya"],
  organic: false,
  vegan: false,
  vegetarian: true,
  glutenFree: false,
  freeRange: false,
  halaal: true,
  kosher: false,
  alcoholPercentage: null,
  servingSize: 25,
  servingUnit: "g",
  energyKj100g: 2391,
  energyKjServing: 598,
  sugarG100g: 52.5,
  sugarGServing: 13.1,
  sodiumMg100g: 95.3,
  sodiumMgServing: null,
} as ProductExtendedData;

describe("formatMeasure", () => {
  it("keeps at most one decimal and spaces thousands", () => {
    expect(formatMeasure(2391)).toBe("2 391");
    expect(formatMeasure(13.3)).toBe("13.3");
    expect(formatMeasure(0.04)).toBe("0");
    expect(formatMeasure(12.06)).toBe("12.1");
  });
});

describe("nutritionTable", () => {
  it("lists the stated nutrients per 100 g and per serving, in label order", () => {
    expect(nutritionTable(chocolate)).toEqual({
      per100Heading: "Per 100 g",
      perServingHeading: "Per serving (25 g)",
      rows: [
        { label: "Energy", partOf: false, per100: "2 391 kJ", perServing: "598 kJ" },
        { label: "of which total sugar", partOf: true, per100: "52.5 g", perServing: "13.1 g" },
        { label: "Total sodium", partOf: false, per100: "95.3 mg", perServing: "—" },
      ],
    });
  });

  it("says per 100 ml for drinks", () => {
    expect(nutritionTable({ ...chocolate, servingSize: 250, servingUnit: "ml" })).toMatchObject({
      per100Heading: "Per 100 ml",
      perServingHeading: "Per serving (250 ml)",
    });
  });

  it("is null when no nutrient is stated", () => {
    expect(nutritionTable({ ...chocolate, ...noNutrition } as ProductExtendedData)).toBeNull();
  });
});

describe("claimBadges", () => {
  it("names only the claims made", () => {
    expect(claimBadges(chocolate)).toEqual(["Halaal", "Vegetarian"]);
  });
});

describe("productFactGroups", () => {
  it("groups pack configuration, dimensions and details, leaving out what is unknown", () => {
    const groups = productFactGroups({ skuCode: "CHO1325", packSize: 14, capacity: "150 g" }, chocolate);
    expect(groups.map((group) => group.title)).toEqual([
      "Pack configuration",
      "Dimensions and weight",
      "Product details",
    ]);
    expect(groups[0]?.facts).toEqual([
      { label: "Units per pack", value: "14" },
      { label: "Unit size", value: "150 g" },
      { label: "Units per case", value: "14" },
      { label: "Cases per layer", value: "17" },
      { label: "Layers per pallet", value: "6" },
    ]);
    expect(groups[1]?.facts).toEqual([
      { label: "Size (H × W × D)", value: "14 × 182 × 91 mm" },
      { label: "Gross weight", value: "155 g" },
    ]);
    const details = groups[2]?.facts ?? [];
    expect(details).toContainEqual({ label: "Country of origin", value: "South Africa" });
    expect(details).toContainEqual({ label: "Shelf life", value: "367 days" });
    expect(details).toContainEqual({ label: "Recyclable packaging", value: "Yes" });
    expect(details.find((f) => f.label === "Warranty")).toBeUndefined();
  });

  it("lists the known dimensions one by one when one is missing", () => {
    const groups = productFactGroups(
      { skuCode: "X", packSize: 1, capacity: null },
      { ...chocolate, widthMm: null, grossWeightG: null },
    );
    expect(groups.find((g) => g.title === "Dimensions and weight")?.facts).toEqual([
      { label: "Height", value: "14 mm" },
      { label: "Depth", value: "91 mm" },
    ]);
  });
});
