// Pack sizes in what people type: "coke 2l", "simba 125g", "2 l", "2lt", "1,5 litre", "6x2l".
// A size is taken out of the words and read as the key migration 0014 stores for every
// product's capacity (products.unit_size: "2000ml", "125g") and, for "6x…", a count of units
// that matches either a multipack unit ("6 x 25 g") or a case of six (pack_size).

export interface SizeQuery {
  /** As products.unit_size holds it: millilitres or grams, e.g. "2000ml", "125g", "1500ml". */
  unitSize: string;
  /** "6x2l": six of them; null when no count was typed. */
  count: number | null;
}

export interface ParsedSearch {
  /** The text with sizes taken out. */
  text: string;
  size: SizeQuery | null;
}

const UNITS: Record<string, { unit: "ml" | "g"; factor: number }> = {
  ml: { unit: "ml", factor: 1 },
  l: { unit: "ml", factor: 1000 },
  lt: { unit: "ml", factor: 1000 },
  ltr: { unit: "ml", factor: 1000 },
  litre: { unit: "ml", factor: 1000 },
  litres: { unit: "ml", factor: 1000 },
  liter: { unit: "ml", factor: 1000 },
  liters: { unit: "ml", factor: 1000 },
  g: { unit: "g", factor: 1 },
  gr: { unit: "g", factor: 1 },
  gram: { unit: "g", factor: 1 },
  grams: { unit: "g", factor: 1 },
  kg: { unit: "g", factor: 1000 },
};

// A count ("6x", "6 x ", "6×") is optional; the amount may have a decimal point or comma; the
// unit must end the word, so "2 lemons" and "100 pieces" stay words.
const SIZE =
  /(?<![\p{L}\p{N}.,])(?:(\d{1,3})\s*[x×*]\s*)?(\d{1,5}(?:[.,]\d{1,3})?)\s*(ml|ltr|litres?|liters?|lt|l|grams?|gr|g|kg)(?![\p{L}\p{N}])/iu;

/** Largest amount read as a size: anything bigger is a code or a typing slip. */
const MAX_AMOUNT = 100_000;

/** The first size in the text, and the text without it. */
export function parseSize(text: string): ParsedSearch {
  const match = SIZE.exec(text);
  if (!match) return { text, size: null };
  const [whole, count, amount, unitText] = match;
  const unit = UNITS[unitText!.toLowerCase()]!;
  const value = Number(amount!.replace(",", ".")) * unit.factor;
  if (!(value > 0) || value > MAX_AMOUNT) return { text, size: null };
  // Three decimals at most, as PostgreSQL's trim_scale writes it: 1.5 L is "1500ml".
  const rounded = Math.round(value * 1000) / 1000;
  const rest = `${text.slice(0, match.index)} ${text.slice(match.index + whole.length)}`
    .replace(/\s+/g, " ")
    .trim();
  const units = count === undefined ? null : Number(count);
  return {
    text: rest,
    size: { unitSize: `${rounded}${unit.unit}`, count: units && units > 1 ? units : null },
  };
}
