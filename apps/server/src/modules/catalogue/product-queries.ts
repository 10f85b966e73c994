// Loads products as a given shopper sees them: the list price of their price list, the
// tenant's current deal, the stock of their warehouse (visitors and staff: the product's own
// list price, no deal, the stock of the warehouse shown to visitors) and the cover image.
import { sql, type RawBuilder } from "kysely";
import type { Db } from "../../db/database";
import type { CustomerContext } from "../accounts";

/** Whose prices and stock to show; undefined for visitors and staff. */
export type Shopper = CustomerContext | undefined;

/**
 * The warehouse whose stock a shopper sees, as SQL text: a customer's own; for visitors and
 * staff the one warehouse marked `shown_to_visitors`, else the first by code (decision 98).
 * One warehouse either way, so a visitor never sees a figure no single customer could buy.
 */
export function stockWarehouse(shopper: Shopper) {
  return shopper
    ? sql<string>`${shopper.stockingWarehouseCode}::text`
    : sql<string>`(SELECT w.code FROM warehouses w ORDER BY w.shown_to_visitors DESC, w.code LIMIT 1)`;
}

export interface ProductRow {
  skuCode: string;
  category: string;
  subCategory: string | null;
  subCategory2: string | null;
  subCategory3: string | null;
  brand: string;
  description: string;
  packSize: string;
  capacity: string | null;
  rtCategory: string | null;
  isLiquor: boolean;
  isNew: boolean;
  vatRate: number;
  listPriceExclCents: number;
  dealReference: string | null;
  dealDescription: string | null;
  dealMinQuantity: number | null;
  dealDiscountPercent: number | null;
  stockOnHand: number;
  /** The warehouse `stockOnHand` is for (see stockWarehouse). */
  stockWarehouseCode: string;
  coverHash: string | null;
  extendedData: unknown;
  /** Recommended selling price of one unit incl. VAT; null when unknown or the tenant hides margins. */
  shelfPriceCents: number | null;
}

export async function productRows(
  db: Db,
  shopper: Shopper,
  skuCodes: readonly string[],
  options: { withExtendedData?: boolean } = {},
): Promise<ProductRow[]> {
  if (skuCodes.length === 0) return [];
  const result = await productRowsQuery(shopper, sql<string[]>`${[...skuCodes]}::text[]`, options).execute(
    db,
  );
  return result.rows;
}

/**
 * productRows' statement for the SKUs of a text[] expression, for a caller that reads the
 * products in one statement with what names them (a shopping list's lines).
 */
export function productRowsQuery(
  shopper: Shopper,
  skuCodes: RawBuilder<string[]>,
  options: { withExtendedData?: boolean } = {},
) {
  // stock's primary key (warehouse_code, sku_code).
  const stock = sql`(SELECT s.on_hand FROM stock s WHERE s.warehouse_code = sw.code AND s.sku_code = p.sku_code)`;
  const price = shopper
    ? sql`coalesce((SELECT plp.list_price_cents FROM price_list_prices plp
                     WHERE plp.price_list_id = ${shopper.pricelistId} AND plp.sku_code = p.sku_code), p.list_price_cents)`
    : sql`p.list_price_cents`;
  // deals_sku_idx (tenant_id, sku_code, ends_at): the best deal running now.
  const deal = shopper
    ? sql`LEFT JOIN LATERAL (
            SELECT d.deal_reference, d.description, d.min_quantity, d.discount_percent FROM deals d
             WHERE d.tenant_id = ${shopper.tenantId} AND d.sku_code = p.sku_code AND d.ends_at > now() AND d.starts_at <= now()
             ORDER BY d.discount_percent DESC, d.min_quantity, d.deal_reference LIMIT 1) d ON true`
    : sql`LEFT JOIN LATERAL (SELECT NULL::text AS deal_reference, NULL::text AS description,
                                    NULL::int AS min_quantity, NULL::numeric AS discount_percent) d ON true`;
  // A customer's tenant may hide shelf prices and margins; callers without an account see them.
  const showMargins = shopper
    ? sql`(SELECT t.show_margins FROM tenants t WHERE t.id = ${shopper.tenantId})`
    : sql`true`;
  const extended = options.withExtendedData
    ? sql`(SELECT e.data FROM product_extended_data e WHERE e.sku_code = p.sku_code)`
    : sql`NULL::jsonb`;

  return sql<ProductRow>`
    SELECT p.sku_code, p.category, p.sub_category, p.sub_category2, p.sub_category3, b.name AS brand, p.description,
           p.pack_size, p.capacity, p.rt_category, p.is_liquor, p.is_new, p.vat_rate,
           ${price} AS list_price_excl_cents,
           d.deal_reference, d.description AS deal_description, d.min_quantity AS deal_min_quantity,
           d.discount_percent AS deal_discount_percent,
           coalesce(${stock}, 0) AS stock_on_hand, sw.code AS stock_warehouse_code,
           -- product_images (sku_code, position) unique index; the cover first, else the first image.
           (SELECT i.content_hash FROM product_images i WHERE i.sku_code = p.sku_code
             ORDER BY i.is_cover DESC, i.position LIMIT 1) AS cover_hash,
           ${extended} AS extended_data,
           CASE WHEN ${showMargins} THEN p.shelf_price_cents END AS shelf_price_cents
      FROM products p
      JOIN brands b ON b.id = p.brand_id
     CROSS JOIN (SELECT ${stockWarehouse(shopper)} AS code) sw
      ${deal}
     WHERE p.sku_code = ANY(${skuCodes}) AND p.active
  `;
}

/**
 * When the deals offered on these products next change by the clock alone (one starts or
 * ends), as milliseconds since the epoch; null when none will. deals_sku_idx.
 */
export async function nextDealChange(
  db: Db,
  tenantId: string,
  skuCodes: readonly string[],
): Promise<number | null> {
  if (skuCodes.length === 0) return null;
  const result = await sql<{ at: Date | null }>`
    SELECT least(min(d.starts_at) FILTER (WHERE d.starts_at > now()), min(d.ends_at)) AS at
      FROM deals d
     WHERE d.tenant_id = ${tenantId} AND d.sku_code = ANY(${[...skuCodes]}::text[]) AND d.ends_at > now()
  `.execute(db);
  const at = result.rows[0]?.at;
  return at ? new Date(at).getTime() : null;
}

/**
 * The staff work list: active products with no image at all, narrowed (when `search` is given)
 * to those whose code or description holds the text, in any case.
 */
function withoutImages(search: string | undefined) {
  const base = sql`p.active AND NOT EXISTS (SELECT 1 FROM product_images i WHERE i.sku_code = p.sku_code)`;
  if (!search) return base;
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${base} AND (p.sku_code ILIKE ${like} OR p.description ILIKE ${like})`;
}

export async function countProductsWithoutImages(db: Db, search?: string): Promise<number> {
  // product_images (sku_code, position) unique index answers "has any image" per product.
  const result = await sql<{
    total: number;
  }>`SELECT count(*) AS total FROM products p WHERE ${withoutImages(search)}`.execute(db);
  return Number(result.rows[0]!.total);
}

export async function productsWithoutImages(
  db: Db,
  limit: number,
  offset: number,
  search?: string,
): Promise<string[]> {
  const result = await sql<{ skuCode: string }>`
    SELECT p.sku_code FROM products p WHERE ${withoutImages(search)}
     ORDER BY p.category, p.description, p.sku_code
     LIMIT ${limit} OFFSET ${offset}
  `.execute(db);
  return result.rows.map((r) => r.skuCode);
}

export interface ProductImageRow {
  contentHash: string;
  isCover: boolean;
  width: number | null;
  height: number | null;
}

/** A product's images for its gallery: the cover first, then as uploaded. */
export async function productImageList(db: Db, skuCode: string): Promise<ProductImageRow[] | null> {
  const product = await db
    .selectFrom("products")
    .select("skuCode")
    .where("skuCode", "=", skuCode)
    .where("active", "=", true)
    .executeTakeFirst();
  if (!product) return null;
  return db
    .selectFrom("productImages")
    .select(["contentHash", "isCover", "width", "height"])
    .where("skuCode", "=", skuCode)
    .orderBy("isCover", "desc")
    .orderBy("position")
    .execute();
}
