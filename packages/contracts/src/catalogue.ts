// The catalogue: products (SKUs) with their descriptive data, the search request and result,
// and the staff commands that edit images and descriptions.
import { z } from "zod";
import {
  Id,
  IsoDateTime,
  optionalText,
  Rand,
  requiredText,
  SkuCode,
  STAFF_ROLES,
  SuccessEnvelope,
} from "./common";
import type { ApiRoute } from "./http";

/** The header's category links (docs/screens.md); `category` is the value of the products route query. */
export const HEADER_CATEGORIES = [
  { label: "Home", category: "home" },
  { label: "Chips", category: "Chips" },
  { label: "Chocolates", category: "Chocolates" },
  { label: "Liquor", category: "Liquor" },
  { label: "Sweets", category: "Sweets" },
  { label: "Beverages", category: "Beverages" },
  { label: "Biscuits", category: "Biscuits" },
  { label: "Hygiene", category: "Hygiene" },
  { label: "FEATURED", category: "featured" },
] as const;
export type HeaderCategory = (typeof HEADER_CATEGORIES)[number];

const Measure = z.number().nonnegative().nullable();
const Count = z.number().int().nonnegative().nullable();

/**
 * Nutrition is declared as nutrient x basis so the two panels cannot drift apart:
 * `energyKj100g`, `energyKjServing`, `sugarG100g`, `sodiumMgServing`, ...
 */
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
] as const;
type NutritionField = `${(typeof NUTRIENTS)[number]}${"100g" | "Serving"}`;
const nutritionShape = Object.fromEntries(
  NUTRIENTS.flatMap((nutrient) => [
    [`${nutrient}100g`, Measure],
    [`${nutrient}Serving`, Measure],
  ]),
) as Record<NutritionField, typeof Measure>;

/** What the pack says about the product: most suppliers fill in only part of it, hence nullable. */
export const ProductExtendedData = z.object({
  id: Id,
  skuCode: SkuCode,
  primaryGTIN: z.string().nullable(),
  manufacturerProductCode: z.string().nullable(),
  unitsPerCase: Count,
  casesPerLayer: Count,
  layersPerPallet: Count,
  heightMm: Measure,
  widthMm: Measure,
  depthMm: Measure,
  grossWeightG: Measure,
  brand: z.string().nullable(),
  subBrand: z.string().nullable(),
  productName: z.string().nullable(),
  productType: z.string().nullable(),
  variant: z.string().nullable(),
  modelNumber: z.string().nullable(),
  colour: z.string().nullable(),
  marketingText: z.string().nullable(),
  keywords: z.array(z.string()).nullable(),
  shortDescription: z.string().nullable(),
  features: z.array(z.string()).nullable(),
  videoLink: z.string().nullable(),
  packagingMaterial: z.string().nullable(),
  recyclable: z.boolean().nullable(),
  contents: z.string().nullable(),
  countryOfOrigin: z.string().nullable(),
  usageInstructions: z.string().nullable(),
  storageInstructions: z.string().nullable(),
  shelfLifeDays: Count,
  warranty: z.string().nullable(),
  warnings: z.string().nullable(),
  ingredients: z.string().nullable(),
  allergens: z.array(z.string()).nullable(),
  // A claim the supplier has not made is simply not true, so claims are never null.
  organic: z.boolean(),
  vegan: z.boolean(),
  vegetarian: z.boolean(),
  glutenFree: z.boolean(),
  freeRange: z.boolean(),
  halaal: z.boolean(),
  kosher: z.boolean(),
  alcoholPercentage: z.number().min(0).max(100).nullable(),
  servingSize: Measure,
  servingUnit: z.string().nullable(),
  ...nutritionShape,
});
export type ProductExtendedData = z.infer<typeof ProductExtendedData>;

/** A SKU as the customer sees it: prices are those of the customer's price list and warehouse. */
export const Product = z.object({
  skuCode: SkuCode,
  skuCategory: z.string(),
  skuSubCategory: z.string().nullable(),
  skuSubCategory2: z.string().nullable(),
  skuSubCategory3: z.string().nullable(),
  skuBrand: z.string(),
  skuDescription: z.string(),
  stockOnHand: z.number().int(),
  listPriceIncl: Rand,
  listPriceExcl: Rand,
  isNewProduct: z.boolean(),
  /** Units in one pack; quantities everywhere count packs. */
  packSize: z.number().int().positive(),
  /** Size of one unit as printed, e.g. "125 g" or "750 ml". */
  capacity: z.string().nullable(),
  discountPercentage: z.number().nullable(),
  /** The deal price as the product card shows it (incl. VAT); pricing uses the Excl/Incl pair. */
  discountPrice: Rand.nullable(),
  discountPriceExcl: Rand.nullable(),
  discountPriceIncl: Rand.nullable(),
  /** The deal price applies from this many packs on a line. */
  minOrderQuantityDiscount: z.number().int().positive().nullable(),
  dealReference: z.string().nullable(),
  isLiquor: z.boolean(),
  rtCategory: z.string().nullable(),
  imageUrl: z.string().nullable(),
  stockingWarehouseCode: z.string(),
  /** Percent, e.g. 15. */
  vatRateCharged: z.number().min(0).max(100),
  extendedData: ProductExtendedData.nullable(),
  /** One unit's share of the list price incl. VAT (unit-price.ts); null for a pack of 1. */
  unitPriceIncl: Rand.nullable(),
  /** One unit's share of the deal price incl. VAT; null without a deal or for a pack of 1. */
  discountUnitPriceIncl: Rand.nullable(),
  /** Recommended selling price of one unit incl. VAT; null when unknown or the tenant hides margins. */
  shelfPriceIncl: Rand.nullable(),
  /** Shelf price less the unit price incl. VAT (the pack price for a pack of 1); may be negative. */
  marginIncl: Rand.nullable(),
  /** The margin as a percent of the shelf price, one decimal; may be negative. */
  marginPercent: z.number().nullable(),
});
export type Product = z.infer<typeof Product>;

export const ProductSortBy = z.enum(["relevance", "description", "price", "brand", "newest"]);
export type ProductSortBy = z.infer<typeof ProductSortBy>;

export const SortDirection = z.enum(["asc", "desc"]);
export type SortDirection = z.infer<typeof SortDirection>;

export const RESULTS_PER_PAGE_CHOICES = [12, 24, 48] as const;

/**
 * Category levels line up as route category|subCategory|subCategory3|subCategory4 =
 * categoryFilter|subCategory1Filter|subCategory2Filter|subCategory3Filter (docs/rules.md).
 */
export const ProductSearchRequest = z.object({
  pageNumber: z
    .number()
    .int("Page number must be a whole number")
    .min(1, "Page number starts at 1")
    .default(1),
  resultsPerPage: z.literal(RESULTS_PER_PAGE_CHOICES, "Choose 12, 24 or 48 results per page").default(24),
  sortBy: ProductSortBy.default("relevance"),
  sortDirection: SortDirection.default("asc"),
  descriptionFilter: optionalText(100),
  brandFilter: optionalText(100),
  categoryFilter: optionalText(100),
  subCategory1Filter: optionalText(100),
  subCategory2Filter: optionalText(100),
  subCategory3Filter: optionalText(100),
  featuredProductsOnly: z.boolean().default(false),
  newProductsOnly: z.boolean().default(false),
  inStockOnly: z.boolean().default(false),
  /** The words as typed, without correcting misspelt ones ("search instead for …"). */
  searchExactly: z.boolean().optional(),
});
export type ProductSearchRequest = z.infer<typeof ProductSearchRequest>;

export const SubCategory4Result = z.object({
  subCategory4: z.string(),
  count: z.number().int().nonnegative(),
});
export type SubCategory4Result = z.infer<typeof SubCategory4Result>;

export const SubCategory3Result = z.object({
  subCategory3: z.string(),
  count: z.number().int().nonnegative(),
  subCategory4s: z.array(SubCategory4Result),
});
export type SubCategory3Result = z.infer<typeof SubCategory3Result>;

export const SubCategoryResult = z.object({
  subCategory: z.string(),
  count: z.number().int().nonnegative(),
  subCategory3s: z.array(SubCategory3Result),
});
export type SubCategoryResult = z.infer<typeof SubCategoryResult>;

/** One branch of the category tree with the number of matching products at each level. */
export const CategoryResult = z.object({
  category: z.string(),
  categoryCount: z.number().int().nonnegative(),
  subCategories: z.array(SubCategoryResult),
});
export type CategoryResult = z.infer<typeof CategoryResult>;

export const BrandResult = z.object({
  name: z.string(),
  imageUrl: z.string().nullable(),
});
export type BrandResult = z.infer<typeof BrandResult>;

/**
 * A branch of the category tree named as the products route's query names it (category,
 * subCategory, subCategory3, subCategory4; docs/rules.md), so a link needs nothing else.
 */
export const CategoryLink = z.object({
  /** The deepest level's name, e.g. "Potato Chips". */
  name: z.string(),
  category: z.string(),
  subCategory: z.string().nullable(),
  subCategory3: z.string().nullable(),
  subCategory4: z.string().nullable(),
  /** Active products at or below it. */
  products: z.number().int().nonnegative(),
});
export type CategoryLink = z.infer<typeof CategoryLink>;

/** A way on from a search that found nothing. */
export const NoResultsHelp = z.object({
  /** The category whose name is nearest to the words searched (spelling or synonyms), if any is near. */
  nearestCategory: CategoryLink.nullable(),
  /** What the tenant's customers order most, priced for the caller. */
  popularProducts: z.array(Product),
});
export type NoResultsHelp = z.infer<typeof NoResultsHelp>;

export const ProductSearchResult = z.object({
  total: z.number().int().nonnegative(),
  resultsPerPage: z.number().int().positive(),
  resultCount: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  currentPage: z.number().int().positive(),
  sortOrder: SortDirection,
  sortBy: ProductSortBy,
  brandFilter: z.string().nullable(),
  searchFilter: z.string().nullable(),
  skuResults: z.array(Product),
  categoryResults: z.array(CategoryResult),
  brandResults: z.array(BrandResult),
  /**
   * "Showing results for …": the search as it was run when misspelt words were corrected
   * (`searchFilter` keeps what was typed); null when nothing was corrected.
   */
  correctedSearchText: z.string().nullable().optional(),
  /** Only when nothing was found: the nearest category and popular products. */
  noResults: NoResultsHelp.nullable().optional(),
});
export type ProductSearchResult = z.infer<typeof ProductSearchResult>;

export const GetProductBySkuCodeRequest = z.object({ skuCode: SkuCode });
export type GetProductBySkuCodeRequest = z.infer<typeof GetProductBySkuCodeRequest>;

/** Uploads travel as data URLs; the server's body limit caps their size, sharp re-encodes them. */
const ImageDataUrl = z
  .string()
  .regex(/^data:image\/(png|jpeg|webp|gif);base64,/, "Each file must be a PNG, JPEG, WebP or GIF image");

export const UploadProductImagesCommand = z.object({
  src: z
    .array(ImageDataUrl)
    .min(1, "Choose at least one image")
    .max(10, "Upload at most 10 images at a time"),
  skuCode: SkuCode,
});
export type UploadProductImagesCommand = z.infer<typeof UploadProductImagesCommand>;

/** `src` lists the product's images as shown; `mainImageIndex` picks the cover among them. */
export const AssignCoverImageCommand = z
  .object({
    mainImageIndex: z.number().int().nonnegative(),
    src: z.array(z.string().min(1)).min(1, "The product has no images to choose from"),
    skuCode: SkuCode,
  })
  .refine((command) => command.mainImageIndex < command.src.length, {
    message: "Choose one of the product's images",
    path: ["mainImageIndex"],
  });
export type AssignCoverImageCommand = z.infer<typeof AssignCoverImageCommand>;

export const UpdateDescriptionCommand = z.object({
  updatedDescription: requiredText("Enter a description", 500),
  skuCode: SkuCode,
});
export type UpdateDescriptionCommand = z.infer<typeof UpdateDescriptionCommand>;

/**
 * What staff may change in the catalogue, which every tenant's shop shares (decision 144): each
 * change is kept with who made it, in which tenant, and when.
 */
export const CatalogueChangeKind = z.enum([
  "images_added",
  "cover_chosen",
  "description_changed",
  "search_words_changed",
]);
export type CatalogueChangeKind = z.infer<typeof CatalogueChangeKind>;

export const CatalogueChangesQuery = z.object({
  /** Only the changes to this product. */
  skuCode: SkuCode.optional(),
  /** Only changes of this kind. */
  kind: CatalogueChangeKind.optional(),
});
export type CatalogueChangesQuery = z.infer<typeof CatalogueChangesQuery>;

export const CatalogueChange = z.object({
  id: Id,
  changedAt: IsoDateTime,
  /** The login that made it, and its name. */
  username: z.string(),
  name: z.string(),
  /** The tenant the change was made in; it shows in every tenant's shop. */
  tenantId: z.string(),
  kind: CatalogueChangeKind,
  /** The product changed; null for the search words, which are the whole catalogue's. */
  skuCode: z.string().nullable(),
  /** What changed, in a sentence ("Added 2 pictures"). */
  summary: z.string(),
  /** A description's text before and after the change; null for other kinds. */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type CatalogueChange = z.infer<typeof CatalogueChange>;

/** The newest changes first, at most CATALOGUE_CHANGES_SHOWN of them. */
export const CatalogueChanges = z.object({ changes: z.array(CatalogueChange) });
export type CatalogueChanges = z.infer<typeof CatalogueChanges>;

export const CATALOGUE_CHANGES_SHOWN = 20;

/** This domain's routes in the API table (api.ts). */
export const productRoutes = {
  getProducts: {
    method: "POST",
    path: "/api/Product/GetProducts",
    body: ProductSearchRequest,
    response: ProductSearchResult,
    auth: false,
    summary: "Search the catalogue",
    tag: "Products",
  },
  getBySkuCode: {
    method: "POST",
    path: "/api/Product/GetProductBySkuCode",
    body: GetProductBySkuCodeRequest,
    response: Product,
    auth: false,
    problems: ["not_found"],
    summary: "One product by its SKU code",
    tag: "Products",
  },
  // The upload and cover answers are envelopes: the success messages of docs/api.md are what they carry.
  uploadImages: {
    method: "POST",
    path: "/api/Product/UploadProductImages",
    body: UploadProductImagesCommand,
    response: SuccessEnvelope,
    auth: true,
    roles: STAFF_ROLES,
    problems: ["not_found"],
    summary: "Add images to a product",
    tag: "Products",
  },
  assignCoverImage: {
    method: "POST",
    path: "/api/Product/AssignCoverImage",
    body: AssignCoverImageCommand,
    response: SuccessEnvelope,
    auth: true,
    roles: STAFF_ROLES,
    problems: ["not_found"],
    summary: "Choose which of a product's images is its cover",
    tag: "Products",
  },
  updateDescription: {
    method: "POST",
    path: "/api/Product/UpdateDescription",
    body: UpdateDescriptionCommand,
    response: Product,
    auth: true,
    roles: STAFF_ROLES,
    problems: ["not_found"],
    summary: "Change a product's description",
    tag: "Products",
  },
  changes: {
    method: "GET",
    path: "/api/Product/CatalogueChanges",
    query: CatalogueChangesQuery,
    response: CatalogueChanges,
    auth: true,
    roles: STAFF_ROLES,
    summary: "Who changed what in the shared catalogue, and when: the newest changes first",
    tag: "Products",
  },
  search: {
    method: "POST",
    path: "/api/Product/ProductSearch",
    body: ProductSearchRequest,
    response: ProductSearchResult,
    auth: false,
    summary: "Search the catalogue (the catalogue screen's call)",
    tag: "Products",
  },
} as const satisfies Record<string, ApiRoute>;
