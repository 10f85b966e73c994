// Prices one line of a cart, wishlist or order, and sums lines into totals (docs/rules.md).
// Everything is integer cents; rates arrive with at most 2 decimals and are scaled to basis
// points so no step ever rounds a float.

export interface LineDeal {
  dealReference: string;
  description: string;
  /** The deal price applies from this many packs on the line. */
  minQuantity: number;
  /** Percent off the list price excl. VAT, at most 2 decimals. */
  discountPercent: number;
}

/** A product row's columns for the deal it is offered under (all null without one). */
export interface DealColumns {
  dealReference: string | null;
  dealDescription: string | null;
  dealMinQuantity: number | null;
  dealDiscountPercent: number | null;
}

/** The deal a product row offers, or null when its deal columns are incomplete. */
export function offeredDeal(row: DealColumns): LineDeal | null {
  if (row.dealReference === null || row.dealMinQuantity === null || row.dealDiscountPercent === null)
    return null;
  return {
    dealReference: row.dealReference,
    description: row.dealDescription ?? "",
    minQuantity: row.dealMinQuantity,
    discountPercent: row.dealDiscountPercent,
  };
}

export interface LineInput {
  listPriceExclCents: number;
  /** Percent, e.g. 15; at most 2 decimals. */
  vatRate: number;
  /** Packs, a whole number from 1 to 9 999. */
  quantity: number;
  deal?: LineDeal | null | undefined;
}

export interface PricedLine {
  quantity: number;
  vatRate: number;
  listPriceExclCents: number;
  listPriceInclCents: number;
  /** The price of one pack on this line: the deal price when the deal applies. */
  unitPriceExclCents: number;
  unitPriceInclCents: number;
  totalExclCents: number;
  totalInclCents: number;
  /** What the deal takes off this line, excl. VAT; 0 without a deal. */
  assignedDiscountCents: number;
  dealApplied: boolean;
  /** The offered deal's price per pack, whether or not the quantity reaches it yet. */
  discountPriceExclCents: number | null;
  discountPriceInclCents: number | null;
  discountPercent: number | null;
  minOrderQuantityDiscount: number | null;
  /** Carried onto the line only when the deal applies. */
  dealReference: string | null;
  dealDescription: string | null;
}

export interface LineTotals {
  totalExclCents: number;
  totalInclCents: number;
  vatCents: number;
  assignedDiscountCents: number;
  /** Packs over all lines. */
  quantity: number;
}

const BASIS = 10_000n;
const MAX_QUANTITY = 9_999;

/** Percent with at most 2 decimals as an exact integer count of basis points (15.5 -> 1550). */
function basisPoints(percent: number, what: string): bigint {
  const scaled = percent * 100;
  const rounded = Math.round(scaled);
  if (!Number.isFinite(percent) || Math.abs(scaled - rounded) > 1e-6) {
    throw new RangeError(`${what} must be a number with at most 2 decimals, got ${percent}`);
  }
  return BigInt(rounded);
}

function cents(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of cents, got ${value}`);
  }
  return BigInt(value);
}

/** amount x numerator / 10 000, rounded half-up, for non-negative amounts. */
function scaleHalfUp(amount: bigint, numerator: bigint): number {
  const result = (amount * numerator * 2n + BASIS) / (2n * BASIS);
  return Number(result);
}

function checkRate(vatRate: number): bigint {
  const rate = basisPoints(vatRate, "VAT rate");
  if (rate < 0n || rate >= 100n * 100n)
    throw new RangeError(`VAT rate must be from 0 to below 100, got ${vatRate}`);
  return rate;
}

/** An amount excl. VAT with VAT added, rounded half-up to the cent. */
export function unitPriceIncl(exclCents: number, vatRate: number): number {
  return scaleHalfUp(cents(exclCents, "Price excl. VAT"), BASIS + checkRate(vatRate));
}

/** The deal price of one pack: list price less the discount, rounded half-up to the cent. */
export function dealUnitPriceExcl(listPriceExclCents: number, discountPercent: number): number {
  const discount = basisPoints(discountPercent, "Discount percent");
  if (discount <= 0n || discount >= BASIS) {
    throw new RangeError(`Discount percent must be above 0 and below 100, got ${discountPercent}`);
  }
  return scaleHalfUp(cents(listPriceExclCents, "List price excl. VAT"), BASIS - discount);
}

export function priceLine(input: LineInput): PricedLine {
  const { listPriceExclCents, vatRate, quantity, deal } = input;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    throw new RangeError(`Quantity must be a whole number from 1 to ${MAX_QUANTITY}, got ${quantity}`);
  }
  const listPriceInclCents = unitPriceIncl(listPriceExclCents, vatRate);
  const discountPriceExclCents = deal ? dealUnitPriceExcl(listPriceExclCents, deal.discountPercent) : null;
  const dealApplied = deal != null && quantity >= deal.minQuantity;
  const unitPriceExclCents =
    dealApplied && discountPriceExclCents !== null ? discountPriceExclCents : listPriceExclCents;
  const totalExclCents = unitPriceExclCents * quantity;
  if (!Number.isSafeInteger(totalExclCents)) throw new RangeError("Line total is too large to price exactly");
  return {
    quantity,
    vatRate,
    listPriceExclCents,
    listPriceInclCents,
    unitPriceExclCents,
    unitPriceInclCents: unitPriceIncl(unitPriceExclCents, vatRate),
    totalExclCents,
    // VAT is rounded once per line, on the line total, never per pack.
    totalInclCents: unitPriceIncl(totalExclCents, vatRate),
    assignedDiscountCents: (listPriceExclCents - unitPriceExclCents) * quantity,
    dealApplied,
    discountPriceExclCents,
    discountPriceInclCents:
      discountPriceExclCents === null ? null : unitPriceIncl(discountPriceExclCents, vatRate),
    discountPercent: deal ? deal.discountPercent : null,
    minOrderQuantityDiscount: deal ? deal.minQuantity : null,
    dealReference: dealApplied ? deal.dealReference : null,
    dealDescription: dealApplied ? deal.description : null,
  };
}

/** Totals are sums of the lines' own rounded totals, so they always add up on paper. */
export function sumTotals(
  lines: Iterable<
    Pick<PricedLine, "totalExclCents" | "totalInclCents" | "assignedDiscountCents" | "quantity">
  >,
): LineTotals {
  let totalExclCents = 0;
  let totalInclCents = 0;
  let assignedDiscountCents = 0;
  let quantity = 0;
  for (const line of lines) {
    totalExclCents += line.totalExclCents;
    totalInclCents += line.totalInclCents;
    assignedDiscountCents += line.assignedDiscountCents;
    quantity += line.quantity;
  }
  return {
    totalExclCents,
    totalInclCents,
    vatCents: totalInclCents - totalExclCents,
    assignedDiscountCents,
    quantity,
  };
}
