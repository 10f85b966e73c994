// Typed catalogue answers for tests: a product (with what its pack says), a page of a category's
// search, and a product's pictures, each overridable field by field. Typed against the
// contracts; a test that hands them to the app parses them with the contracts' schemas too, so
// they cannot drift from what the server sends.
import type {
  Product,
  ProductExtendedData,
  ProductSearchRequest,
  ProductSearchResult,
} from "@trade-shop/contracts/catalogue";
import type { ProductImages } from "@trade-shop/contracts/catalogue-images";

/** A content-addressed picture path as the server hands them out: /images/products/<32 hex>.webp. */
export function productImageUrl(seed: string): string {
  let hash = 0x811c9dc5;
  let hex = "";
  for (let round = 0; hex.length < 32; round += 1) {
    for (const char of `${seed}#${round}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    hex += hash.toString(16).padStart(8, "0");
  }
  return `/images/products/${hex.slice(0, 32)}.webp`;
}

export function productExtendedData(
  skuCode: string,
  overrides: Partial<ProductExtendedData> = {},
): ProductExtendedData {
  return {
    id: 1,
    skuCode,
    primaryGTIN: "6009510800012",
    manufacturerProductCode: "BT-KC-080",
    unitsPerCase: 24,
    casesPerLayer: 10,
    layersPerPallet: 6,
    heightMm: 240,
    widthMm: 170,
    depthMm: 60,
    grossWeightG: 92,
    brand: "Braai Time",
    subBrand: "Kettle Cooked",
    productName: "Biltong Kettle Cooked Chips",
    productType: "Potato chips",
    variant: "Biltong",
    modelNumber: null,
    colour: null,
    marketingText: "Thick-cut potatoes, kettle cooked in small batches and dusted with biltong spice.",
    keywords: ["chips", "crisps", "biltong", "kettle cooked"],
    shortDescription: "Biltong flavoured kettle cooked potato chips",
    features: ["Kettle cooked in small batches", "No artificial colourants"],
    videoLink: null,
    packagingMaterial: "Metallised film",
    recyclable: false,
    contents: "80 g",
    countryOfOrigin: "South Africa",
    usageInstructions: null,
    storageInstructions: "Store in a cool, dry place. Once opened, keep sealed.",
    shelfLifeDays: 180,
    warranty: null,
    warnings: null,
    ingredients:
      "Potatoes, vegetable oil, biltong flavour seasoning (salt, maltodextrin, spices, yeast extract, smoke flavour)",
    allergens: ["Gluten (wheat)"],
    organic: false,
    vegan: false,
    vegetarian: true,
    glutenFree: false,
    freeRange: false,
    halaal: true,
    kosher: false,
    alcoholPercentage: null,
    servingSize: 30,
    servingUnit: "g",
    energyKj100g: 2176,
    energyKjServing: 653,
    carbohydrateG100g: 52.1,
    carbohydrateGServing: 15.6,
    sugarG100g: 2.4,
    sugarGServing: 0.7,
    totalFatG100g: 32.5,
    totalFatGServing: 9.8,
    saturatedFatG100g: 14.1,
    saturatedFatGServing: 4.2,
    transFatG100g: null,
    transFatGServing: null,
    proteinG100g: 6.3,
    proteinGServing: 1.9,
    fibreG100g: 4.1,
    fibreGServing: 1.2,
    cholesterolMg100g: null,
    cholesterolMgServing: null,
    omega3Mg100g: null,
    omega3MgServing: null,
    sodiumMg100g: 690,
    sodiumMgServing: 207,
    ...overrides,
  };
}

/** A demo product as a visitor sees it (list prices, the visitors' warehouse). */
export function product(overrides: Partial<Product> = {}): Product {
  const skuCode = overrides.skuCode ?? "CHP1374";
  return {
    skuCode,
    skuCategory: "Chips",
    skuSubCategory: "Potato Chips",
    skuSubCategory2: "Kettle Cooked",
    skuSubCategory3: null,
    skuBrand: "Braai Time",
    skuDescription: "Braai Time Biltong Kettle Cooked Chips 80g",
    stockOnHand: 225,
    listPriceIncl: 584.33,
    listPriceExcl: 508.11,
    isNewProduct: true,
    packSize: 24,
    capacity: "80 g",
    discountPercentage: 14,
    discountPrice: 502.52,
    discountPriceExcl: 436.97,
    discountPriceIncl: 502.52,
    minOrderQuantityDiscount: 2,
    dealReference: "DL-2026-0212",
    isLiquor: false,
    rtCategory: "Snacks",
    imageUrl: productImageUrl(skuCode),
    stockingWarehouseCode: "JHB",
    vatRateCharged: 15,
    extendedData: null,
    unitPriceIncl: 24.35,
    discountUnitPriceIncl: 20.94,
    shelfPriceIncl: 32.99,
    marginIncl: 8.64,
    marginPercent: 26.2,
    ...overrides,
  };
}

/** The shapes of the chips aisle: brand, line, sub-category, unit size, units per pack, pack price incl. VAT. */
const CHIPS: ReadonlyArray<
  readonly [brand: string, line: string, sub: string, size: string, units: number, priceIncl: number]
> = [
  ["Simba", "Salt & Vinegar Potato Chips", "Potato Chips", "120 g", 20, 399.8],
  ["Simba", "Mrs H.S. Balls Chutney Potato Chips", "Potato Chips", "120 g", 20, 399.8],
  ["Simba", "Smoked Beef Potato Chips", "Potato Chips", "36 g", 48, 379.2],
  ["Lay's", "Lightly Salted Potato Chips", "Potato Chips", "105 g", 20, 389.0],
  ["Lay's", "Sour Cream & Onion Potato Chips", "Potato Chips", "105 g", 20, 389.0],
  ["Lay's", "Spring Onion & Cheese Potato Chips", "Potato Chips", "36 g", 48, 369.6],
  ["Willards", "Cheese & Onion Flings", "Corn Snacks", "150 g", 12, 227.88],
  ["Willards", "Tomato Flings", "Corn Snacks", "150 g", 12, 227.88],
  ["NikNaks", "Cheese Corn Curls", "Corn Snacks", "135 g", 20, 319.0],
  ["NikNaks", "Spicy Tomato Corn Curls", "Corn Snacks", "55 g", 48, 427.2],
  ["Doritos", "Sweet Chilli Pepper Tortilla Chips", "Tortilla Chips", "150 g", 18, 485.46],
  ["Doritos", "Cheese Supreme Tortilla Chips", "Tortilla Chips", "150 g", 18, 485.46],
  ["Fritos", "Tomato Corn Chips", "Corn Snacks", "120 g", 20, 299.0],
  ["Pringles", "Original Stacked Chips", "Stacked Chips", "110 g", 19, 569.05],
  ["Pringles", "Sour Cream & Onion Stacked Chips", "Stacked Chips", "110 g", 19, 569.05],
  ["Ghost Pops", "Salt & Vinegar Puffs", "Corn Snacks", "100 g", 24, 287.76],
  ["Braai Time", "Biltong Kettle Cooked Chips", "Potato Chips", "80 g", 24, 584.33],
  ["Braai Time", "Sea Salt Kettle Cooked Chips", "Potato Chips", "80 g", 24, 584.33],
  ["Jiggies", "Cheese Corn Rings", "Corn Snacks", "100 g", 24, 263.76],
  ["Cheese Curls", "Original Cheese Curls", "Corn Snacks", "150 g", 12, 215.88],
  ["Messaris", "Chakalaka Potato Chips", "Potato Chips", "125 g", 20, 349.8],
  ["Tomato Flings", "Party Pack Tomato Flings", "Corn Snacks", "300 g", 8, 199.92],
  ["Simba", "Mega Chilli Potato Chips", "Potato Chips", "120 g", 20, 399.8],
  ["Lay's", "Thai Sweet Chilli Potato Chips", "Potato Chips", "105 g", 20, 389.0],
];

/** Rounds to cents, as the contract's Rand requires. */
const rand = (amount: number) => Math.round(amount * 100) / 100;

/** Past the first round of shapes, the same lines in bigger packs. */
const PACKS = [
  { name: "", units: 1 },
  { name: " Value Pack", units: 2 },
  { name: " Party Pack", units: 3 },
];

/** The `index`th product of the chips aisle (any index; past the shapes, the same lines in bigger packs). */
export function chipsProduct(index: number, overrides: Partial<Product> = {}): Product {
  const [brand, line, sub, size, baseUnits, basePrice] = CHIPS[index % CHIPS.length]!;
  const pack = PACKS[Math.floor(index / CHIPS.length) % PACKS.length]!;
  const units = baseUnits * pack.units;
  const priceIncl = rand(basePrice * pack.units);
  const skuCode = `CHP${String(1001 + index).padStart(4, "0")}`;
  const onDeal = index % 4 === 1;
  const dealIncl = rand(priceIncl * 0.9);
  return product({
    skuCode,
    skuSubCategory: sub,
    skuSubCategory2: null,
    skuBrand: brand,
    skuDescription: `${brand} ${line} ${size.replace(" ", "")}${pack.name}`,
    stockOnHand: index % 7 === 3 ? 0 : 40 + ((index * 37) % 400),
    listPriceIncl: priceIncl,
    listPriceExcl: rand(priceIncl / 1.15),
    isNewProduct: index % 5 === 0,
    packSize: units,
    capacity: size,
    discountPercentage: onDeal ? 10 : null,
    discountPrice: onDeal ? dealIncl : null,
    discountPriceExcl: onDeal ? rand(dealIncl / 1.15) : null,
    discountPriceIncl: onDeal ? dealIncl : null,
    minOrderQuantityDiscount: onDeal ? 3 : null,
    dealReference: onDeal ? `DL-2026-${String(300 + index).padStart(4, "0")}` : null,
    rtCategory: "Snacks",
    imageUrl: index % 9 === 8 ? null : productImageUrl(skuCode),
    ...overrides,
  });
}

/** How many of the chips aisle's products fall under each sub-category, among the first `total`. */
function subCategoryCounts(total: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let index = 0; index < total; index += 1) {
    const sub = CHIPS[index % CHIPS.length]![2];
    counts.set(sub, (counts.get(sub) ?? 0) + 1);
  }
  return counts;
}

/**
 * The answer to a search of the chips aisle (`total` products in all) for `request`'s page:
 * its products, the category tree with counts and the brands, as POST /api/Product/ProductSearch gives it.
 */
export function chipsSearchResult(
  request: Pick<ProductSearchRequest, "pageNumber" | "resultsPerPage" | "sortBy" | "sortDirection">,
  total = 53,
  overrides: Partial<ProductSearchResult> = {},
): ProductSearchResult {
  const pages = Math.ceil(total / request.resultsPerPage);
  const currentPage = Math.min(Math.max(1, request.pageNumber), Math.max(1, pages));
  const first = (currentPage - 1) * request.resultsPerPage;
  const skuResults = Array.from(
    { length: Math.max(0, Math.min(request.resultsPerPage, total - first)) },
    (_, i) => chipsProduct(first + i),
  );
  const brands = [...new Set(Array.from({ length: total }, (_, i) => CHIPS[i % CHIPS.length]![0]))].sort();
  return {
    total,
    resultsPerPage: request.resultsPerPage,
    resultCount: skuResults.length,
    pages,
    currentPage,
    sortOrder: request.sortDirection,
    sortBy: request.sortBy,
    brandFilter: null,
    searchFilter: null,
    skuResults,
    categoryResults: [
      {
        category: "Chips",
        categoryCount: total,
        subCategories: [...subCategoryCounts(total)].map(([subCategory, count]) => ({
          subCategory,
          count,
          subCategory3s: [],
        })),
      },
    ],
    brandResults: brands.map((name) => ({ name, imageUrl: null })),
    correctedSearchText: null,
    noResults: null,
    ...overrides,
  };
}

/** A product's gallery, the cover first, as GET /api/Product/GetProductImages/{skuCode} gives it. */
export function productImages(skuCode: string, count = 3): ProductImages {
  return {
    skuCode,
    images: Array.from({ length: count }, (_, i) => ({
      url: productImageUrl(i === 0 ? skuCode : `${skuCode}/${i}`),
      isCover: i === 0,
      width: 800,
      height: 800,
    })),
  };
}
