// Prices list lines for a customer: the product as the catalogue shows it to them (their
// price list, the tenant's deal, their warehouse's stock) and the line priced with the one
// pricing rule. Cart, wishlist and order placement all price through here.
import { toRand } from "@trade-shop/contracts/common";
import type { CartItem } from "@trade-shop/contracts/cart";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import type { CustomerContext } from "../accounts";
import { toProduct, productRows, productRowsQuery, type ProductRow } from "../catalogue";
import { offeredDeal, priceLine, sumTotals, type PricedLine } from "../pricing";
import { listLinesQuery, type ListKind, type ListLine } from "./storage";

export interface PricedItem {
  line: ListLine;
  product: ProductRow;
  priced: PricedLine;
  /** The line as the contracts show it, without the list's own id field. */
  item: Omit<CartItem, "cartId">;
}

export interface PricedItems {
  items: PricedItem[];
  /** Lines whose product is no longer sold; they are dropped from answers. */
  unavailable: ListLine[];
  totalExclCents: number;
  totalInclCents: number;
  discountCents: number;
}

export async function priceItems(
  db: Db,
  customer: CustomerContext,
  lines: readonly ListLine[],
): Promise<PricedItems> {
  const rows = await productRows(
    db,
    customer,
    lines.map((l) => l.skuCode),
  );
  const bySku = new Map(rows.map((r) => [r.skuCode, r]));
  return priceLines(
    customer,
    lines.map((line) => ({ line, row: bySku.get(line.skuCode) })),
  );
}

/**
 * A list's lines read and priced in one statement (one round trip: order placement's); the
 * lines in the order they were added, as listLines gives them.
 */
export async function priceListLines(
  db: Db,
  customer: CustomerContext,
  kind: ListKind,
  listId: number,
): Promise<PricedItems> {
  const { rows } = await sql<
    { lineId: number; lineSkuCode: string; lineQuantity: number; lineDealReference: string | null } & (
      ProductRow | { skuCode: null }
    )
  >`
    WITH line AS (${listLinesQuery(kind, listId)}),
         product AS (${productRowsQuery(customer, sql<string[]>`(SELECT array_agg(sku_code) FROM line)::text[]`)})
    SELECT line.id AS line_id, line.sku_code AS line_sku_code, line.quantity AS line_quantity,
           line.deal_reference AS line_deal_reference, product.*
      FROM line LEFT JOIN product ON product.sku_code = line.sku_code
     ORDER BY line.added_at, line.id`.execute(db);
  return priceLines(
    customer,
    rows.map(({ lineId, lineSkuCode, lineQuantity, lineDealReference, ...product }) => ({
      line: { id: lineId, skuCode: lineSkuCode, quantity: lineQuantity, dealReference: lineDealReference },
      row: product.skuCode === null ? undefined : product,
    })),
  );
}

/** Prices each line by its product row; a line without one (no longer sold) is unavailable. */
function priceLines(
  customer: CustomerContext,
  lines: readonly { line: ListLine; row: ProductRow | undefined }[],
): PricedItems {
  const items: PricedItem[] = [];
  const unavailable: ListLine[] = [];
  for (const { line, row } of lines) {
    if (!row) {
      unavailable.push(line);
      continue;
    }
    const priced = priceLine({
      listPriceExclCents: row.listPriceExclCents,
      vatRate: row.vatRate,
      quantity: line.quantity,
      deal: offeredDeal(row),
    });
    const product = toProduct(row);
    items.push({
      line,
      product: row,
      priced,
      item: {
        id: line.id,
        productId: row.skuCode,
        quantity: line.quantity,
        dealReference: priced.dealReference,
        productDescription: row.description,
        listPriceIncl: product.listPriceIncl,
        listPriceExcl: product.listPriceExcl,
        unitPriceExcl: toRand(priced.unitPriceExclCents),
        totalPriceExcl: toRand(priced.totalExclCents),
        totalPriceIncl: toRand(priced.totalInclCents),
        category: row.category,
        subCategory: row.subCategory,
        brand: row.brand,
        assignedDiscount: toRand(priced.assignedDiscountCents),
        dealDescription: priced.dealDescription,
        stockOnHand: row.stockOnHand,
        packSize: product.packSize,
        capacity: row.capacity,
        discountPercentage: product.discountPercentage,
        discountPriceExcl: product.discountPriceExcl,
        discountPriceIncl: product.discountPriceIncl,
        minOrderQuantityDiscount: product.minOrderQuantityDiscount,
        isNewProduct: row.isNew,
        rtCategory: row.rtCategory,
        imageUrl: product.imageUrl,
        stockingWarehouseCode: customer.stockingWarehouseCode,
        unitPriceIncl: product.unitPriceIncl,
        discountUnitPriceIncl: product.discountUnitPriceIncl,
      },
    });
  }
  const totals = sumTotals(items.map((i) => i.priced));
  return {
    items,
    unavailable,
    totalExclCents: totals.totalExclCents,
    totalInclCents: totals.totalInclCents,
    discountCents: totals.assignedDiscountCents,
  };
}
