// How big a drill is: bounded by default so `npm test` stays within minutes on two cores;
// DRILL_SCALE=2 (or more) runs more shoppers for longer, on demand.
const raw = Number(process.env.DRILL_SCALE ?? "1");
if (!Number.isFinite(raw) || raw < 1 || raw > 4)
  throw new Error(`DRILL_SCALE must be a number from 1 to 4, not ${process.env.DRILL_SCALE}`);

export const DRILL_SCALE = raw;

/** Shoppers (logins) ordering at once. */
export const shoppers = (base: number) => Math.round(base * DRILL_SCALE);

/** Orders to wait for in a phase of a drill. */
export const orders = (base: number) => Math.round(base * DRILL_SCALE);
