// Products as the API shows them: rows from product-queries.ts priced with the one pricing
// rule (modules/pricing) and shaped as the contracts' Product.
import { toRand } from "@trade-shop/contracts/common";
import { unitMargin, unitPriceCents } from "@trade-shop/contracts/unit-price";
import { ProductExtendedData, type Product } from "@trade-shop/contracts/catalogue";
import type { Db } from "../../db/database";
import { notFound } from "../../core/domain-error";
import { offeredDeal, priceLine } from "../pricing";
import { productImageUrl } from "./image-urls";
import { productRows, type ProductRow, type Shopper } from "./product-queries";

/** Units in one pack; the catalogue stores it as printed, a whole number. */
function packUnits(packSize: string): number {
  const units = Number.parseInt(packSize, 10);
  return Number.isInteger(units) && units > 0 ? units : 1;
}

export function toProduct(row: ProductRow): Product {
  const deal = offeredDeal(row);
  // One pack priced as a line: list prices, and the deal's price per pack as the card shows it.
  const priced = priceLine({
    listPriceExclCents: row.listPriceExclCents,
    vatRate: row.vatRate,
    quantity: 1,
    deal,
  });
  const packSize = packUnits(row.packSize);
  const unitCents = unitPriceCents(priced.listPriceInclCents, packSize);
  const dealUnitCents =
    priced.discountPriceInclCents === null ? null : unitPriceCents(priced.discountPriceInclCents, packSize);
  // The margin at the customer's own list price per unit; a pack of 1 is its own unit.
  const margin = unitMargin(row.shelfPriceCents, unitCents ?? priced.listPriceInclCents);
  return {
    skuCode: row.skuCode,
    skuCategory: row.category,
    skuSubCategory: row.subCategory,
    skuSubCategory2: row.subCategory2,
    skuSubCategory3: row.subCategory3,
    skuBrand: row.brand,
    skuDescription: row.description,
    stockOnHand: row.stockOnHand,
    listPriceIncl: toRand(priced.listPriceInclCents),
    listPriceExcl: toRand(priced.listPriceExclCents),
    isNewProduct: row.isNew,
    packSize,
    capacity: row.capacity,
    discountPercentage: priced.discountPercent,
    discountPrice: priced.discountPriceInclCents === null ? null : toRand(priced.discountPriceInclCents),
    discountPriceExcl: priced.discountPriceExclCents === null ? null : toRand(priced.discountPriceExclCents),
    discountPriceIncl: priced.discountPriceInclCents === null ? null : toRand(priced.discountPriceInclCents),
    minOrderQuantityDiscount: priced.minOrderQuantityDiscount,
    // The deal on offer (not only once applied), so adding to the cart can name it.
    dealReference: deal?.dealReference ?? null,
    isLiquor: row.isLiquor,
    rtCategory: row.rtCategory,
    imageUrl: row.coverHash === null ? null : productImageUrl(row.coverHash),
    stockingWarehouseCode: row.stockWarehouseCode,
    vatRateCharged: row.vatRate,
    extendedData: row.extendedData == null ? null : ProductExtendedData.parse(row.extendedData),
    unitPriceIncl: unitCents === null ? null : toRand(unitCents),
    discountUnitPriceIncl: dealUnitCents === null ? null : toRand(dealUnitCents),
    shelfPriceIncl: margin === null ? null : toRand(row.shelfPriceCents!),
    marginIncl: margin === null ? null : toRand(margin.marginCents),
    marginPercent: margin?.marginPercent ?? null,
  };
}

/** Products in the order of the SKU codes given; unknown or inactive codes are left out. */
export async function loadProducts(
  db: Db,
  shopper: Shopper,
  skuCodes: readonly string[],
): Promise<Product[]> {
  const rows = await productRows(db, shopper, skuCodes);
  const bySku = new Map(rows.map((row) => [row.skuCode, row]));
  return skuCodes.flatMap((sku) => {
    const row = bySku.get(sku);
    return row ? [toProduct(row)] : [];
  });
}

export async function productBySkuCode(db: Db, shopper: Shopper, skuCode: string): Promise<Product> {
  const [row] = await productRows(db, shopper, [skuCode], { withExtendedData: true });
  if (!row) throw notFound(`There is no product with the code ${skuCode}.`);
  return toProduct(row);
}

/** The active product with this barcode (GTIN-14), priced and stocked for the shopper. */
export async function productByBarcode(db: Db, shopper: Shopper, gtin14: string): Promise<Product> {
  // products_gtin_idx
  const row = await db
    .selectFrom("products")
    .select("skuCode")
    .where("gtin", "=", gtin14)
    .where("active", "=", true)
    .executeTakeFirst();
  // Named as the EAN-13 on the pack where it is one (a GTIN-14 starting with 0).
  if (!row)
    throw notFound(`No product has the barcode ${gtin14.startsWith("0") ? gtin14.slice(1) : gtin14}.`);
  return productBySkuCode(db, shopper, row.skuCode);
}
