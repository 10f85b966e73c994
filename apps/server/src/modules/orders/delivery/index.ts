// The delivery day of an account's orders (docs/rules.md "Delivery day"): the rule itself is
// delivery-day.ts, the holidays public-holidays.ts; this reads an account's terms.
import { sql } from "kysely";
import type { DeliveryPromise as DeliveryPromiseAnswer } from "@trade-shop/contracts/orders";
import type { Db } from "../../../db/database";
import { weekdayNamed, type DeliveryPromise, type DeliveryTerms } from "./delivery-day";
import type { Day } from "./public-holidays";

export { holidayCalendar } from "./public-holidays";
export { deliveryPromise, saDay } from "./delivery-day";

/** What an account says of its deliveries, as the back office keeps it. */
export interface AccountDelivery {
  deliveryMethod: string;
  nominatedDeliveryDate: string | null;
  nominatedOrderDate: string | null;
  /** Its stocking warehouse's cut-off on the order day, minutes after midnight. */
  orderCutoffMinutes: number;
}

/** Columns of customers `c` joined to warehouses `w` that make an AccountDelivery. */
export const ACCOUNT_DELIVERY_COLUMNS = sql`c.delivery_method, c.nominated_delivery_date, c.nominated_order_date,
  coalesce(w.order_cutoff_minutes, 840) AS order_cutoff_minutes`;

/** The terms of an order: delivered when asked for (or as the account usually has it), else collected. */
export function deliveryTerms(account: AccountDelivery, homeDelivery?: boolean): DeliveryTerms {
  const delivered = homeDelivery ?? !/^collect/i.test(account.deliveryMethod);
  return {
    method: delivered ? "Delivery" : "Collect",
    deliveryWeekday: weekdayNamed(account.nominatedDeliveryDate),
    orderWeekday: weekdayNamed(account.nominatedOrderDate),
    cutoffMinutes: account.orderCutoffMinutes,
  };
}

export async function accountDelivery(db: Db, customerId: number): Promise<AccountDelivery> {
  const { rows } = await sql<AccountDelivery>`
    SELECT ${ACCOUNT_DELIVERY_COLUMNS}
      FROM customers c LEFT JOIN warehouses w ON w.code = c.stocking_warehouse_code
     WHERE c.id = ${customerId}`.execute(db);
  return rows[0]!;
}

export const promiseAnswer = (promise: DeliveryPromise): DeliveryPromiseAnswer => ({
  method: promise.method,
  day: promise.day,
  orderBy: promise.orderBy.toISOString(),
});

export type HolidayCheck = (day: Day) => boolean;
