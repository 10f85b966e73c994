// Catalogue routes beside the docs/api.md table, used by the server and the web app: the staff
// work list of products without images (/manage), a product's image gallery, and a product
// found by its barcode (a scanner in the search box).
import { z } from "zod";
import type { ApiRoute } from "./http";
import { Product, RESULTS_PER_PAGE_CHOICES } from "./catalogue";
import { SkuCode } from "./common";
import { Gtin } from "./gtin";

export const ProductsWithoutImagesQuery = z.object({
  pageNumber: z.coerce
    .number<string>()
    .int("Page number must be a whole number")
    .min(1, "Page number starts at 1")
    .default(1),
  resultsPerPage: z.coerce
    .number<string>()
    .pipe(z.literal(RESULTS_PER_PAGE_CHOICES, "Choose 12, 24 or 48 results per page"))
    .default(24),
  /** Narrows the list to products whose code or description holds this text (any case). */
  search: z.string().trim().max(100).optional(),
});
export type ProductsWithoutImagesQuery = z.infer<typeof ProductsWithoutImagesQuery>;

export const ProductsWithoutImagesResult = z.object({
  total: z.number().int().nonnegative(),
  resultsPerPage: z.number().int().positive(),
  pages: z.number().int().positive(),
  currentPage: z.number().int().positive(),
  skuResults: z.array(Product),
});
export type ProductsWithoutImagesResult = z.infer<typeof ProductsWithoutImagesResult>;

export const ProductImage = z.object({
  /** Content-addressed; add ?w=96|240|480|800, or use .jpg for the JPEG fallback. */
  url: z.string(),
  isCover: z.boolean(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
export type ProductImage = z.infer<typeof ProductImage>;

export const ProductImages = z.object({ skuCode: SkuCode, images: z.array(ProductImage) });
export type ProductImages = z.infer<typeof ProductImages>;

export const pendingProductRoutes = {
  withoutImages: {
    method: "GET",
    path: "/api/Product/WithoutImages",
    query: ProductsWithoutImagesQuery,
    response: ProductsWithoutImagesResult,
    auth: true,
    roles: ["Staff", "Admin", "NoImage"],
    summary: "The staff work list: products that have no image yet",
    tag: "Products",
  },
  images: {
    method: "GET",
    path: "/api/Product/GetProductImages/:skuCode",
    params: z.object({ skuCode: SkuCode }),
    response: ProductImages,
    auth: false,
    problems: ["not_found"],
    summary: "A product's images in gallery order, the cover first",
    tag: "Products",
  },
  byBarcode: {
    method: "GET",
    path: "/api/Product/GetProductByBarcode/:gtin",
    // GTIN-8, -12, -13 or -14 with a valid check digit; the handler gets it as GTIN-14.
    params: z.object({ gtin: Gtin }),
    response: Product,
    auth: false,
    problems: ["not_found"],
    summary: "One product by its barcode (EAN-13, UPC-A, EAN-8 or GTIN-14), priced as by its SKU code",
    tag: "Products",
  },
} as const satisfies Record<string, ApiRoute>;
