// The quick order pad. A preview reads every line's code as a SKU code, a barcode
// or a product's exact description (in that order), merges lines of the same product into
// the first, and says per line what adding it would do: the product priced for the customer
// with the deal at that quantity, what the warehouse still has beyond the cart, and a status.
// Adding many lines is one transaction on the locked cart: every good line goes on (a short
// one with what there is), and every line not added in full is listed with its reason.
import { toRand, MAX_QUANTITY } from "@trade-shop/contracts/common";
import { gtinOf } from "@trade-shop/contracts/gtin";
import type {
  AddItemsCommand,
  CartAfterAddItems,
  NotAddedItem,
  QuickOrderPreview,
  QuickOrderPreviewLine,
  QuickOrderPreviewRequest,
} from "@trade-shop/contracts/quick-order";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { liquorRefusal, type CustomerContext } from "../accounts";
import { productRows, toProduct, type ProductRow } from "../catalogue";
import { offeredDeal, priceLine } from "../pricing";
import { publishChange } from "../realtime";
import { listOwner, addToList, openList } from "../shopping-lists";
import { getCart } from "./cart";

type MatchedBy = "sku" | "barcode" | "description";

/** Each code's product, by SKU code, then barcode, then exact description (any case). */
async function resolveCodes(db: Db, codes: readonly string[]) {
  const upper = [...new Set(codes.map((c) => c.toUpperCase()))];
  const gtins = [...new Set(codes.flatMap((c) => gtinOf(c) ?? []))];
  const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
  // products' primary key, products_gtin_idx, and one pass over the active products.
  const { rows } = await sql<{ skuCode: string; gtin: string | null; lowerDescription: string }>`
    SELECT sku_code, gtin, lower(description) AS lower_description FROM products
     WHERE active AND (sku_code = ANY(${upper}::text[]) OR gtin = ANY(${gtins}::text[])
                       OR lower(description) = ANY(${lower}::text[]))
     ORDER BY sku_code`.execute(db);
  const bySku = new Map(rows.map((r) => [r.skuCode, r.skuCode]));
  const byGtin = new Map(rows.filter((r) => r.gtin !== null).map((r) => [r.gtin!, r.skuCode]));
  const byDescription = new Map<string, string>();
  for (const r of rows)
    if (!byDescription.has(r.lowerDescription)) byDescription.set(r.lowerDescription, r.skuCode);
  return (code: string): { skuCode: string; matchedBy: MatchedBy } | null => {
    const sku = bySku.get(code.toUpperCase());
    if (sku) return { skuCode: sku, matchedBy: "sku" };
    const barcode = gtinOf(code);
    const gtin = barcode === null ? undefined : byGtin.get(barcode);
    if (gtin) return { skuCode: gtin, matchedBy: "barcode" };
    const described = byDescription.get(code.toLowerCase());
    return described ? { skuCode: described, matchedBy: "description" } : null;
  };
}

async function cartQuantities(db: Db, cartId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("cartItems")
    .select(["skuCode", "quantity"])
    .where("cartId", "=", cartId)
    .execute();
  return new Map(rows.map((r) => [r.skuCode, r.quantity]));
}

const validQuantity = (q: number) => Number.isInteger(q) && q >= 1 && q <= MAX_QUANTITY;

function statusOf(row: ProductRow, customer: CustomerContext, quantity: number, inCart: number) {
  const available = Math.max(0, row.stockOnHand - inCart);
  const refusal = row.isLiquor ? liquorRefusal(customer) : undefined;
  if (refusal) return { status: "not_allowed" as const, available, message: refusal.message };
  if (!validQuantity(quantity))
    return {
      status: "invalid_quantity" as const,
      available,
      message: "Quantity must be a whole number of packs from 1 to 9 999.",
    };
  if (inCart + quantity > MAX_QUANTITY)
    return {
      status: "invalid_quantity" as const,
      available,
      message: `Your cart has ${inCart} already; a line holds at most 9 999 packs.`,
    };
  if (quantity > available)
    return {
      status: "short_stock" as const,
      available,
      message:
        available === 0
          ? inCart > 0
            ? `All ${row.stockOnHand} in stock are in your cart already.`
            : "Out of stock."
          : `Only ${available} more can be added${inCart > 0 ? ` (your cart has ${inCart})` : ""}.`,
    };
  return { status: "ok" as const, available, message: null };
}

export async function previewQuickOrder(
  db: Db,
  customer: CustomerContext,
  userId: number,
  request: QuickOrderPreviewRequest,
): Promise<QuickOrderPreview> {
  const resolve = await resolveCodes(
    db,
    request.lines.map((l) => l.code),
  );
  const matches = request.lines.map((l) => resolve(l.code));
  const skuCodes = [...new Set(matches.flatMap((m) => (m ? [m.skuCode] : [])))];
  const rows = new Map((await productRows(db, customer, skuCodes)).map((r) => [r.skuCode, r]));
  const header = await openList(db, "cart", listOwner(customer, userId));
  const inCarts = await cartQuantities(db, header.id);

  // The first line of each product carries the packs of all its lines.
  const firstLine = new Map<string, number>();
  const merged = new Map<string, number>();
  request.lines.forEach((l, i) => {
    const m = matches[i];
    if (!m) return;
    if (!firstLine.has(m.skuCode)) firstLine.set(m.skuCode, i);
    merged.set(m.skuCode, (merged.get(m.skuCode) ?? 0) + l.quantity);
  });

  let totalExclCents = 0;
  let totalInclCents = 0;
  const lines = request.lines.map((input, i): QuickOrderPreviewLine => {
    const base = { line: i + 1, code: input.code, mergedInto: null, inCart: 0, dealApplies: false };
    const m = matches[i];
    const row = m ? rows.get(m.skuCode) : undefined;
    if (!m || !row) {
      return {
        ...base,
        quantity: input.quantity,
        status: "unknown_code",
        matchedBy: null,
        product: null,
        available: null,
        lineTotalExcl: null,
        lineTotalIncl: null,
        message: `No product has the code ${input.code}.`,
      };
    }
    const inCart = inCarts.get(m.skuCode) ?? 0;
    const first = firstLine.get(m.skuCode)!;
    const product = toProduct(row);
    if (first !== i) {
      return {
        ...base,
        inCart,
        quantity: input.quantity,
        status: "duplicate",
        matchedBy: m.matchedBy,
        product,
        available: Math.max(0, row.stockOnHand - inCart),
        lineTotalExcl: null,
        lineTotalIncl: null,
        mergedInto: first + 1,
        message: `Added to line ${first + 1}, the same product.`,
      };
    }
    const quantity = merged.get(m.skuCode)!;
    const { status, available, message } = statusOf(row, customer, quantity, inCart);
    const priced = validQuantity(quantity)
      ? priceLine({
          listPriceExclCents: row.listPriceExclCents,
          vatRate: row.vatRate,
          quantity,
          deal: offeredDeal(row),
        })
      : null;
    if (status === "ok" && priced) {
      totalExclCents += priced.totalExclCents;
      totalInclCents += priced.totalInclCents;
    }
    return {
      ...base,
      inCart,
      quantity,
      status,
      matchedBy: m.matchedBy,
      product,
      available,
      dealApplies: priced?.dealApplied ?? false,
      lineTotalExcl: priced ? toRand(priced.totalExclCents) : null,
      lineTotalIncl: priced ? toRand(priced.totalInclCents) : null,
      message,
    };
  });
  return { lines, totalExcl: toRand(totalExclCents), totalIncl: toRand(totalInclCents) };
}

export async function addItemsToCart(
  db: Db,
  customer: CustomerContext,
  userId: number,
  command: AddItemsCommand,
): Promise<CartAfterAddItems> {
  // Lines of one SKU count as one, with the deal reference of the first that names one.
  const wanted = new Map<string, { quantity: number; dealReference: string | null }>();
  for (const item of command.items) {
    const skuCode = item.skuCode.toUpperCase();
    const seen = wanted.get(skuCode);
    wanted.set(skuCode, {
      quantity: (seen?.quantity ?? 0) + item.quantity,
      dealReference: seen?.dealReference ?? item.dealReference ?? null,
    });
  }
  const { notAdded, addedCount } = await db.transaction().execute(async (trx) => {
    // The cart row locked: two pads adding at once queue here, and each sees the other's lines.
    const header = await openList(trx, "cart", listOwner(customer, userId), { lock: true });
    const inCarts = await cartQuantities(trx, header.id);
    const rows = new Map((await productRows(trx, customer, [...wanted.keys()])).map((r) => [r.skuCode, r]));
    const refused: NotAddedItem[] = [];
    let full = 0;
    for (const [skuCode, { quantity, dealReference }] of wanted) {
      const row = rows.get(skuCode);
      if (!row) {
        refused.push({
          skuCode,
          requested: quantity,
          added: 0,
          reason: "unknown_code",
          message: `No product has the code ${skuCode}.`,
        });
        continue;
      }
      const inCart = inCarts.get(skuCode) ?? 0;
      const { status, available, message } = statusOf(row, customer, quantity, inCart);
      if (status === "not_allowed" || status === "invalid_quantity") {
        refused.push({ skuCode, requested: quantity, added: 0, reason: status, message: message! });
        continue;
      }
      const added = Math.min(quantity, available);
      if (added > 0) await addToList(trx, "cart", header.id, { skuCode, quantity: added, dealReference });
      if (added < quantity)
        refused.push({ skuCode, requested: quantity, added, reason: "short_stock", message: message! });
      else full += 1;
    }
    return { notAdded: refused, addedCount: full };
  });
  if (addedCount > 0 || notAdded.some((n) => n.added > 0)) {
    await publishChange(db, { kind: "cart", ...listOwner(customer, userId) });
  }
  return { ...(await getCart(db, customer, userId)), addedCount, notAdded };
}
