// The breadcrumb of a product page (docs/screens.md item kinds isBrand/isProduct): its category levels
// and brand as links into the catalogue, then the product. The URL holds only the SKU code, so
// the trail comes from the product itself.
import type { Product } from "@trade-shop/contracts/catalogue";
import type { BreadcrumbItem } from "@trade-shop/contracts/common";
import { DEFAULT_LANDING } from "@trade-shop/contracts/routes";
import { productPath } from "@/entities/products";
import { categoryChanges, productsHref } from "./products-query";

type TrailProduct = Pick<
  Product,
  | "skuCode"
  | "skuCategory"
  | "skuSubCategory"
  | "skuSubCategory2"
  | "skuSubCategory3"
  | "skuBrand"
  | "skuDescription"
>;

const item = (
  text: string,
  currentUrl: string,
  kind: Partial<Pick<BreadcrumbItem, "isBrand" | "isProduct">> = {},
) => ({
  text,
  currentUrl,
  isBrand: kind.isBrand ?? false,
  isProduct: kind.isProduct ?? false,
});

export function productTrail(product: TrailProduct): BreadcrumbItem[] {
  const levels = [
    product.skuCategory,
    product.skuSubCategory,
    product.skuSubCategory2,
    product.skuSubCategory3,
  ];
  const path: string[] = [];
  const trail: BreadcrumbItem[] = [item("Home", DEFAULT_LANDING)];
  const none = new URLSearchParams();
  for (const level of levels) {
    if (!level) break;
    path.push(level);
    trail.push(item(level, productsHref(none, categoryChanges(path))));
  }
  trail.push(
    item(product.skuBrand, productsHref(none, { ...categoryChanges(path), brand: product.skuBrand }), {
      isBrand: true,
    }),
  );
  trail.push(item(product.skuDescription, productPath(product.skuCode), { isProduct: true }));
  return trail;
}
