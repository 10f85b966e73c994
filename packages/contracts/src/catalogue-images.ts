// Two catalogue routes beside the SPEC §7 table: the staff work list of products
// without images (/manage) and a product's image gallery, used by the server and the web app.
import { z } from "zod";
import type { ApiRoute } from "./api";
import { Product, RESULTS_PER_PAGE_CHOICES } from "./catalogue";
import { SkuCode } from "./common";

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
} as const satisfies Record<string, ApiRoute>;
