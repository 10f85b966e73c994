// The product page's facts from the extended data (docs/data.md): the nutrition table, claims, pack
// configuration, dimensions and the other details a buyer checks, each left out when unknown.
import type { Product, ProductExtendedData } from "@trade-shop/contracts/catalogue";
import { formatCount } from "@/entities/products";

/** Measures with at most one decimal, thousands spaced: "2 391", "13.3", "0.1". */
export function formatMeasure(value: number): string {
  const [whole = "0", fraction] = (Math.round(value * 10) / 10).toFixed(1).split(".");
  const grouped = formatCount(Math.abs(Number(whole)));
  const sign = value < 0 && Number(whole) !== 0 ? "-" : "";
  return fraction && fraction !== "0" ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}

type Nutrient =
  | "energyKj"
  | "proteinG"
  | "carbohydrateG"
  | "sugarG"
  | "totalFatG"
  | "saturatedFatG"
  | "transFatG"
  | "fibreG"
  | "cholesterolMg"
  | "sodiumMg"
  | "omega3Mg";

/** South African label order; "of which" rows belong to the row above them. */
const NUTRIENT_ROWS: { nutrient: Nutrient; label: string; unit: string; partOf?: true }[] = [
  { nutrient: "energyKj", label: "Energy", unit: "kJ" },
  { nutrient: "proteinG", label: "Protein", unit: "g" },
  { nutrient: "carbohydrateG", label: "Carbohydrate", unit: "g" },
  { nutrient: "sugarG", label: "of which total sugar", unit: "g", partOf: true },
  { nutrient: "totalFatG", label: "Total fat", unit: "g" },
  { nutrient: "saturatedFatG", label: "of which saturated fat", unit: "g", partOf: true },
  { nutrient: "transFatG", label: "of which trans fat", unit: "g", partOf: true },
  { nutrient: "cholesterolMg", label: "Cholesterol", unit: "mg" },
  { nutrient: "fibreG", label: "Dietary fibre", unit: "g" },
  { nutrient: "sodiumMg", label: "Total sodium", unit: "mg" },
  { nutrient: "omega3Mg", label: "Omega-3 fatty acids", unit: "mg" },
];

export interface NutritionRow {
  label: string;
  partOf: boolean;
  per100: string;
  perServing: string;
}

export interface NutritionTable {
  per100Heading: string;
  perServingHeading: string;
  rows: NutritionRow[];
}

const NOT_STATED = "—";

/** The nutrition panel, per 100 g (or 100 ml for drinks) and per serving; null when nothing is known. */
export function nutritionTable(data: ProductExtendedData): NutritionTable | null {
  const rows = NUTRIENT_ROWS.flatMap(({ nutrient, label, unit, partOf }) => {
    const per100 = data[`${nutrient}100g`];
    const perServing = data[`${nutrient}Serving`];
    if (per100 === null && perServing === null) return [];
    const show = (value: number | null) => (value === null ? NOT_STATED : `${formatMeasure(value)} ${unit}`);
    return [{ label, partOf: partOf ?? false, per100: show(per100), perServing: show(perServing) }];
  });
  if (rows.length === 0) return null;
  const servingUnit = data.servingUnit?.trim() || "g";
  const liquid = /^(ml|l)$/i.test(servingUnit);
  const serving = data.servingSize === null ? "" : ` (${formatMeasure(data.servingSize)} ${servingUnit})`;
  return {
    per100Heading: liquid ? "Per 100 ml" : "Per 100 g",
    perServingHeading: `Per serving${serving}`,
    rows,
  };
}

const CLAIMS = [
  ["halaal", "Halaal"],
  ["kosher", "Kosher"],
  ["vegan", "Vegan"],
  ["vegetarian", "Vegetarian"],
  ["glutenFree", "Gluten free"],
  ["organic", "Organic"],
  ["freeRange", "Free range"],
] as const satisfies readonly (readonly [keyof ProductExtendedData, string])[];

/** The claims the supplier makes, as badge texts. */
export function claimBadges(data: ProductExtendedData): string[] {
  return CLAIMS.flatMap(([field, label]) => (data[field] ? [label] : []));
}

export interface Fact {
  label: string;
  value: string;
}

export interface FactGroup {
  title: string;
  facts: Fact[];
}

function fact(label: string, value: string | number | null | undefined, unit = ""): Fact[] {
  if (value === null || value === undefined) return [];
  if (typeof value === "number") return [{ label, value: `${formatMeasure(value)}${unit}` }];
  const text = value.trim();
  return text ? [{ label, value: text }] : [];
}

function dimensions(data: ProductExtendedData): Fact[] {
  const { heightMm, widthMm, depthMm } = data;
  if (heightMm === null || widthMm === null || depthMm === null) {
    return [
      ...fact("Height", heightMm, " mm"),
      ...fact("Width", widthMm, " mm"),
      ...fact("Depth", depthMm, " mm"),
    ];
  }
  const size = [heightMm, widthMm, depthMm].map(formatMeasure).join(" × ");
  return [{ label: "Size (H × W × D)", value: `${size} mm` }];
}

/**
 * The detail sections of a product page: how it is packed and shipped, its size and weight,
 * and the product's particulars. Empty groups are left out.
 */
export function productFactGroups(
  product: Pick<Product, "skuCode" | "packSize" | "capacity">,
  data: ProductExtendedData,
): FactGroup[] {
  const yesNo = (value: boolean | null) => (value === null ? null : value ? "Yes" : "No");
  const groups: FactGroup[] = [
    {
      title: "Pack configuration",
      facts: [
        ...fact("Units per pack", product.packSize),
        ...fact("Unit size", product.capacity),
        ...fact("Units per case", data.unitsPerCase),
        ...fact("Cases per layer", data.casesPerLayer),
        ...fact("Layers per pallet", data.layersPerPallet),
      ],
    },
    {
      title: "Dimensions and weight",
      facts: [...dimensions(data), ...fact("Gross weight", data.grossWeightG, " g")],
    },
    {
      title: "Product details",
      facts: [
        ...fact("Product code", product.skuCode),
        ...fact("Barcode (GTIN)", data.primaryGTIN),
        ...fact("Manufacturer code", data.manufacturerProductCode),
        ...fact("Brand", data.subBrand ? `${data.brand ?? ""} ${data.subBrand}`.trim() : data.brand),
        ...fact("Product type", data.productType),
        ...fact("Variant", data.variant),
        ...fact("Model number", data.modelNumber),
        ...fact("Colour", data.colour),
        ...fact("Contents", data.contents),
        ...fact("Alcohol", data.alcoholPercentage, "% vol"),
        ...fact("Country of origin", data.countryOfOrigin),
        ...fact("Packaging", data.packagingMaterial),
        ...fact("Recyclable packaging", yesNo(data.recyclable)),
        ...fact("Shelf life", data.shelfLifeDays === null ? null : `${formatCount(data.shelfLifeDays)} days`),
        ...fact("Storage", data.storageInstructions),
        ...fact("How to use", data.usageInstructions),
        ...fact("Warranty", data.warranty),
      ],
    },
  ];
  return groups.filter((group) => group.facts.length > 0);
}
