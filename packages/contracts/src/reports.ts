// The account dashboard's reports on the logged-in customer's own orders. Each covers the same
// window: the current calendar month and the 11 before it, in South African time. Rejected
// orders are left out of spend and top products (nothing was bought) but counted by status.
import { z } from "zod";
import { IsoDateTime, Rand } from "./common";
import { OrderStatus } from "./orders";
import type { ApiRoute } from "./http";

export const ReportWindow = z.object({
  /** Start of the first month (inclusive). */
  from: IsoDateTime,
  /** When the report was made. */
  to: IsoDateTime,
});
export type ReportWindow = z.infer<typeof ReportWindow>;

export const MonthlySpend = z.object({
  /** Calendar month in South African time, "2026-03". */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  orderCount: z.number().int().nonnegative(),
  totalExcl: Rand,
  totalIncl: Rand,
});
export type MonthlySpend = z.infer<typeof MonthlySpend>;

/** Twelve months, oldest first; a month without orders is there with zeros. */
export const SpendPerMonth = ReportWindow.extend({
  months: z.array(MonthlySpend),
});
export type SpendPerMonth = z.infer<typeof SpendPerMonth>;

export const TopProductsBy = z.enum(["spend", "quantity"]);
export type TopProductsBy = z.infer<typeof TopProductsBy>;

export const TopProductsQuery = z.object({
  by: TopProductsBy.default("spend"),
  limit: z.coerce.number<string>().int("Use a whole number").min(1).max(50).default(10),
});
export type TopProductsQuery = z.infer<typeof TopProductsQuery>;

export const TopProduct = z.object({
  skuCode: z.string(),
  productDescription: z.string(),
  brand: z.string().nullable(),
  /** Packs ordered. */
  quantity: z.number().int().nonnegative(),
  orderCount: z.number().int().nonnegative(),
  totalExcl: Rand,
  totalIncl: Rand,
});
export type TopProduct = z.infer<typeof TopProduct>;

export const TopProducts = ReportWindow.extend({
  by: TopProductsBy,
  products: z.array(TopProduct),
});
export type TopProducts = z.infer<typeof TopProducts>;

/** Every status, in the order orders pass through them, with zeros for the ones not used. */
export const OrdersByStatus = ReportWindow.extend({
  statuses: z.array(
    z.object({
      status: OrderStatus,
      orderCount: z.number().int().nonnegative(),
      totalIncl: Rand,
    }),
  ),
});
export type OrdersByStatus = z.infer<typeof OrdersByStatus>;

/** This domain's routes in the API table (api.ts). */
export const reportRoutes = {
  spendPerMonth: {
    method: "GET",
    path: "/api/Reports/SpendPerMonth",
    response: SpendPerMonth,
    auth: true,
    problems: ["not_a_customer"],
    summary: "The customer's spend per month over the last 12 months",
    tag: "Reports",
  },
  topProducts: {
    method: "GET",
    path: "/api/Reports/TopProducts",
    query: TopProductsQuery,
    response: TopProducts,
    auth: true,
    problems: ["not_a_customer"],
    summary: "The customer's most bought products over the last 12 months, by spend or by quantity",
    tag: "Reports",
  },
  ordersByStatus: {
    method: "GET",
    path: "/api/Reports/OrdersByStatus",
    response: OrdersByStatus,
    auth: true,
    problems: ["not_a_customer"],
    summary: "The customer's orders of the last 12 months per back-office status",
    tag: "Reports",
  },
} as const satisfies Record<string, ApiRoute>;
