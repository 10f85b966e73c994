// The order number a customer sees ("Order TS100587"): derived from the row id, so it is
// unique without a second sequence and the demo data's numbers follow the same rule.
import { sql, type Expression } from "kysely";

const PREFIX = "TS";
const OFFSET = 100_000;

export const orderNumber = (id: number) => `${PREFIX}${OFFSET + id}`;

/** The same number in SQL, for an insert that draws the id in its own statement. */
export const orderNumberSql = (id: Expression<number>) =>
  sql<string>`${PREFIX}::text || (${OFFSET}::int + ${id})::text`;
