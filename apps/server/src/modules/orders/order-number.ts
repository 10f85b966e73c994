// The order number a customer sees ("Order TS100587"): derived from the row id, so it is
// unique without a second sequence and the demo data's numbers follow the same rule.
export const orderNumber = (id: number) => `TS${100_000 + id}`;
