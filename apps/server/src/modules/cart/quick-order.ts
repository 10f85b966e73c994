// The quick order pad. A preview reads every line's code as a SKU code (alone, or first of
// the words a shared cart writes: "CHP1374 Simba Chips"), a barcode or a product's exact
// description, and any other words through the shop's search (catalogue/line-search.ts): one
// clear match becomes the line, several close ones a choice, none "No product found". Lines
// of one product merge into the first, valid quantities only; a wrong quantity stays a line of
// its own. Each line says what Add will put on the cart (a short line what stock allows) and
// its value, and the totals are exactly that. Adding many lines is one transaction on the
// locked cart: every good line goes on (a short one with what there is), every line not added
// in full is listed with its reason, and nothing is added when the lines would now cost more
// than the customer was shown (docs/behaviour.md "Quick order").
import { toCents, toRand, MAX_QUANTITY } from "@trade-shop/contracts/common";
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
import { DomainError } from "../../core/domain-error";
import { creditPosition, liquorRefusal, type CustomerContext } from "../accounts";
import { productRows, toProduct, type LineMatch, type ProductRow } from "../catalogue";
import { offeredDeal, priceLine } from "../pricing";
import { publishChange } from "../realtime";
import { listOwner, addToList, openList } from "../shopping-lists";
import { getCart } from "./cart";

type MatchedBy = "sku" | "barcode" | "description" | "search";

/** The quick order pad's words read through the catalogue's search (CatalogueServices.searchLines). */
export type SearchLines = (
  shopper: CustomerContext,
  tenantId: string | null,
  texts: readonly string[],
) => Promise<Map<string, LineMatch>>;

/** A code as people write one: letters then digits ("BEV1291", "chp-1374"), or a barcode's digits. */
const CODE_LIKE = /^(?:[a-z]{2,6}-?\d{2,}[a-z]?|\d{8,14})$/i;

const firstWord = (code: string) => code.trim().split(/\s+/)[0]!;

/**
 * Each code's product, by SKU code (the whole code, or its first word when words follow), then
 * barcode, then exact description (any case).
 */
async function resolveCodes(db: Db, codes: readonly string[]) {
  const upper = [...new Set(codes.flatMap((c) => [c.toUpperCase(), firstWord(c).toUpperCase()]))];
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
    const sku = bySku.get(code.toUpperCase()) ?? bySku.get(firstWord(code).toUpperCase());
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
          : `Only ${available} more can be added${inCart > 0 ? ` (your cart has ${inCart})` : ""}: Add puts ${available} on your cart.`,
    };
  return { status: "ok" as const, available, message: null };
}

type Reading =
  | { kind: "product"; skuCode: string; matchedBy: MatchedBy; searchedFor: string | null }
  | { kind: "unknown_code" | "not_found" }
  | { kind: "choose"; match: LineMatch };

const noLine = {
  mergedInto: null,
  inCart: 0,
  dealApplies: false,
  available: null,
  addQuantity: 0,
  lineTotalExcl: null,
  lineTotalIncl: null,
  searchedFor: null,
  choices: [],
};

export async function previewQuickOrder(
  db: Db,
  customer: CustomerContext,
  userId: number,
  request: QuickOrderPreviewRequest,
  searchLines: SearchLines,
): Promise<QuickOrderPreview> {
  const resolve = await resolveCodes(
    db,
    request.lines.map((l) => l.code),
  );
  const byCode = request.lines.map((l) => resolve(l.code));
  // Words that are no code go through the search; a code-like word that matched nothing does not.
  const words = request.lines.flatMap((l, i) => (byCode[i] || CODE_LIKE.test(l.code.trim()) ? [] : [l.code]));
  const searched = words.length > 0 ? await searchLines(customer, customer.tenantId, words) : new Map();
  const readings = request.lines.map((l, i): Reading => {
    const m = byCode[i];
    if (m) return { kind: "product", ...m, searchedFor: null };
    const found = searched.get(l.code) as LineMatch | undefined;
    if (!found) return { kind: CODE_LIKE.test(l.code.trim()) ? "unknown_code" : "not_found" };
    if (found.product)
      return {
        kind: "product",
        skuCode: found.product.skuCode,
        matchedBy: "search",
        searchedFor: found.searchedFor,
      };
    return found.choices.length > 0 ? { kind: "choose", match: found } : { kind: "not_found" };
  });
  const skuCodes = [...new Set(readings.flatMap((r) => (r.kind === "product" ? [r.skuCode] : [])))];
  const rows = new Map((await productRows(db, customer, skuCodes)).map((r) => [r.skuCode, r]));
  const header = await openList(db, "cart", listOwner(customer, userId));
  const [inCarts, credit, cart] = await Promise.all([
    cartQuantities(db, header.id),
    creditPosition(db, customer.customerId),
    getCart(db, customer, userId),
  ]);

  // The first line of each product carries the packs of all its lines; a line whose quantity
  // is wrong is never merged, so it is seen and fixed on its own.
  const firstLine = new Map<string, number>();
  const merged = new Map<string, number>();
  request.lines.forEach((l, i) => {
    const r = readings[i]!;
    if (r.kind !== "product" || !validQuantity(l.quantity)) return;
    if (!firstLine.has(r.skuCode)) firstLine.set(r.skuCode, i);
    merged.set(r.skuCode, (merged.get(r.skuCode) ?? 0) + l.quantity);
  });

  let totalExclCents = 0;
  let totalInclCents = 0;
  const lines = request.lines.map((input, i): QuickOrderPreviewLine => {
    const base = { line: i + 1, code: input.code, quantity: input.quantity, ...noLine };
    const r = readings[i]!;
    const row = r.kind === "product" ? rows.get(r.skuCode) : undefined;
    if (r.kind === "choose") {
      return {
        ...base,
        status: "choose",
        matchedBy: "search",
        searchedFor: r.match.searchedFor,
        product: null,
        choices: r.match.choices,
        message: `Several products match ${quoted(input.code)}: choose one.`,
      };
    }
    if (r.kind !== "product" || !row) {
      const code = r.kind === "unknown_code";
      return {
        ...base,
        status: code ? "unknown_code" : "not_found",
        matchedBy: null,
        product: null,
        message: code
          ? `No product has the code ${input.code}.`
          : `No product found for ${quoted(input.code)}.`,
      };
    }
    const inCart = inCarts.get(r.skuCode) ?? 0;
    // A wrong quantity is its own line; a good one is the product's first or merged into it.
    const first = validQuantity(input.quantity) ? firstLine.get(r.skuCode) : undefined;
    const product = toProduct(row);
    const read = { matchedBy: r.matchedBy, searchedFor: r.searchedFor, product, inCart };
    if (first !== undefined && first !== i) {
      return {
        ...base,
        ...read,
        status: "duplicate",
        available: Math.max(0, row.stockOnHand - inCart),
        mergedInto: first + 1,
        message: `Added to line ${first + 1}, the same product.`,
      };
    }
    const quantity = first === undefined ? input.quantity : merged.get(r.skuCode)!;
    const { status, available, message } = statusOf(row, customer, quantity, inCart);
    const addQuantity = status === "ok" ? quantity : status === "short_stock" ? available : 0;
    const priced =
      addQuantity > 0
        ? priceLine({
            listPriceExclCents: row.listPriceExclCents,
            vatRate: row.vatRate,
            quantity: addQuantity,
            deal: offeredDeal(row),
          })
        : null;
    if (priced) {
      totalExclCents += priced.totalExclCents;
      totalInclCents += priced.totalInclCents;
    }
    return {
      ...base,
      ...read,
      quantity,
      status,
      available,
      addQuantity,
      dealApplies: priced?.dealApplied ?? false,
      lineTotalExcl: priced ? toRand(priced.totalExclCents) : null,
      lineTotalIncl: priced ? toRand(priced.totalInclCents) : null,
      message,
    };
  });
  return {
    lines,
    totalExcl: toRand(totalExclCents),
    totalIncl: toRand(totalInclCents),
    cartTotalIncl: cart.totalPriceIncl,
    creditLeft: toRand(credit.remainingCreditCents),
  };
}

const quoted = (text: string) => `\u201c${text}\u201d`;

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
    const before =
      command.expectedTotalIncl === undefined ? 0 : (await getCart(trx, customer, userId)).totalPriceIncl;
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
    if (command.expectedTotalIncl !== undefined) {
      // Priced as the cart prices it: more than the customer was shown, and nothing is added.
      const after = (await getCart(trx, customer, userId)).totalPriceIncl;
      if (toCents(after) - toCents(before) > toCents(command.expectedTotalIncl))
        throw new DomainError(
          "prices_changed",
          "Prices changed since you checked these lines, so nothing was added. Check them again.",
        );
    }
    return { notAdded: refused, addedCount: full };
  });
  if (addedCount > 0 || notAdded.some((n) => n.added > 0)) {
    await publishChange(db, { kind: "cart", ...listOwner(customer, userId) });
  }
  return { ...(await getCart(db, customer, userId)), addedCount, notAdded };
}
