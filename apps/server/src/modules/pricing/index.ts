// Pricing: the one rule that prices a line of a cart, wishlist or order and sums lines into
// totals, in integer cents (docs/rules.md). Owns no table. Offers that rule to the catalogue,
// the lists, orders and the demo data (docs/architecture.md).
export { offeredDeal, priceLine, sumTotals, unitPriceIncl, type PricedLine } from "./price-line";
