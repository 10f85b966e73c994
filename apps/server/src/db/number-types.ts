// bigint counts and cents, and numeric rates, arrive as strings by default; the app works in
// plain numbers on both engines, which hold every integer up to 2^53 exactly. A value past
// that would silently lose precision as a number, so reading one throws instead.
import pg from "pg";

/** INT8 as a number; throws above Number.MAX_SAFE_INTEGER rather than rounding. */
export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n))
    throw new RangeError(`INT8 value ${value} is beyond what a number holds exactly`);
  return n;
}

/** NUMERIC as a number; throws when its whole part is beyond Number.MAX_SAFE_INTEGER. */
export function parseNumeric(value: string): number {
  const n = Number(value);
  if (Number.isNaN(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
    throw new RangeError(`NUMERIC value ${value} is beyond what a number holds exactly`);
  }
  return n;
}

/** node-postgres type parsers with INT8 and NUMERIC read as checked numbers. */
export const numberTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8) return parseInt8;
    if (oid === pg.types.builtins.NUMERIC) return parseNumeric;
    return pg.types.getTypeParser(oid, format);
  },
};
