// A pack's price per unit and the margin a shop makes selling units at its shelf price
// (docs/rules.md "Unit price and margin"), in integer cents, on server and web alike.

/**
 * One unit's share of a pack's price: cents divided by the units in the pack, rounded half up
 * to the cent (R154.58 for 24 is 644.083… cents, so 644). Null for a pack of one, whose unit
 * price is the pack price itself.
 */
export function unitPriceCents(packCents: number, packSize: number): number | null {
  if (!Number.isSafeInteger(packCents)) throw new RangeError(`Not a whole number of cents: ${packCents}`);
  if (!Number.isInteger(packSize) || packSize < 1) throw new RangeError(`Not a pack size: ${packSize}`);
  if (packSize === 1) return null;
  // Half up, in integers: floor((2c + n) / 2n); exact for any safe cents and pack size.
  return Math.floor((2 * packCents + packSize) / (2 * packSize));
}

export interface Margin {
  /** Shelf price less the unit price; negative when the unit costs more than it sells for. */
  marginCents: number;
  /** The margin as a percent of the shelf price (gross margin), to one decimal. */
  marginPercent: number;
}

/**
 * What a shop makes on one unit sold at `shelfCents` that it bought at `unitCents` (both incl.
 * VAT): the difference in cents and that difference as a percent of the shelf price, rounded
 * half up to one decimal. Null without a shelf price above zero.
 */
export function unitMargin(shelfCents: number | null, unitCents: number): Margin | null {
  if (shelfCents === null || shelfCents <= 0) return null;
  const marginCents = shelfCents - unitCents;
  // Tenths of a percent, half up (towards +infinity), in integers.
  const tenths = Math.floor((2000 * marginCents + shelfCents) / (2 * shelfCents));
  return { marginCents, marginPercent: tenths / 10 };
}
