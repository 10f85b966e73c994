// Order lists: a customer account's named lists of products and packs ("Weekly
// stock-up", "Month end"), kept beside the wishlist and shared by every login of the account.
// A list goes to the cart through the same add as the quick order pad, with the same reasons
// for what it could not add.
import { z } from "zod";
import type { ApiRoute } from "./http";
import { Product } from "./catalogue";
import { Id, IdParam, IsoDateTime, Quantity, SkuCode, SuccessEnvelope } from "./common";
import { CartAfterAddItems, QUICK_ORDER_MAX_LINES } from "./quick-order";

export const OrderListName = z
  .string()
  .trim()
  .min(1, "Give the list a name")
  .max(60, "A list name is at most 60 characters");

export const OrderListLineInput = z.object({ skuCode: SkuCode, quantity: Quantity });
export type OrderListLineInput = z.infer<typeof OrderListLineInput>;

const Lines = z
  .array(OrderListLineInput)
  .max(QUICK_ORDER_MAX_LINES, `A list holds at most ${QUICK_ORDER_MAX_LINES} lines`);

export const CreateOrderListCommand = z.object({ name: OrderListName, lines: Lines.optional() });
export type CreateOrderListCommand = z.infer<typeof CreateOrderListCommand>;
export const RenameOrderListCommand = z.object({ name: OrderListName });
export const SetOrderListLinesCommand = z.object({ lines: Lines });
export type SetOrderListLinesCommand = z.infer<typeof SetOrderListLinesCommand>;
/** Lines to put on a list: a SKU already there gets the packs added, a new one goes at the end. */
export const AddOrderListLinesCommand = z.object({
  lines: Lines.min(1, "Add at least one line"),
});
export type AddOrderListLinesCommand = z.infer<typeof AddOrderListLinesCommand>;

export const OrderListSummary = z.object({
  id: Id,
  name: z.string(),
  lineCount: z.number().int().nonnegative(),
  updatedAt: IsoDateTime,
});
export type OrderListSummary = z.infer<typeof OrderListSummary>;

export const OrderListLine = z.object({
  skuCode: SkuCode,
  quantity: Quantity,
  /** The product priced and stocked for the customer; null when it is no longer on sale. */
  product: Product.nullable(),
});
export const OrderList = OrderListSummary.extend({ lines: z.array(OrderListLine) });
export type OrderList = z.infer<typeof OrderList>;

const ListParams = z.object({ id: IdParam });

export const orderListRoutes = {
  list: {
    method: "GET",
    path: "/api/OrderLists",
    response: z.array(OrderListSummary),
    auth: true,
    problems: ["not_a_customer"],
    summary: "The customer account's order lists, most recently changed first",
    tag: "Order lists",
  },
  get: {
    method: "GET",
    path: "/api/OrderLists/:id",
    params: ListParams,
    response: OrderList,
    auth: true,
    problems: ["not_a_customer", "not_found"],
    summary: "One order list with its lines, priced for the customer",
    tag: "Order lists",
  },
  create: {
    method: "POST",
    path: "/api/OrderLists",
    body: CreateOrderListCommand,
    response: OrderList,
    auth: true,
    problems: ["not_a_customer", "not_found", "list_name_taken", "viewer_read_only"],
    summary: "A new order list, empty or with lines",
    tag: "Order lists",
  },
  rename: {
    method: "PUT",
    path: "/api/OrderLists/:id",
    params: ListParams,
    body: RenameOrderListCommand,
    response: OrderList,
    auth: true,
    problems: ["not_a_customer", "not_found", "list_name_taken", "viewer_read_only"],
    summary: "Rename an order list",
    tag: "Order lists",
  },
  setLines: {
    method: "PUT",
    path: "/api/OrderLists/:id/Lines",
    params: ListParams,
    body: SetOrderListLinesCommand,
    response: OrderList,
    auth: true,
    problems: ["not_a_customer", "not_found", "viewer_read_only"],
    summary: "Replace an order list's lines (a SKU once; an empty list is allowed)",
    tag: "Order lists",
  },
  addLines: {
    method: "POST",
    path: "/api/OrderLists/:id/Lines",
    params: ListParams,
    body: AddOrderListLinesCommand,
    response: OrderList,
    auth: true,
    problems: ["not_a_customer", "not_found", "viewer_read_only"],
    summary:
      "Add lines to an order list (from a product, the cart, an order or the quick order pad): packs of a SKU already on it are added up",
    tag: "Order lists",
  },
  remove: {
    method: "DELETE",
    path: "/api/OrderLists/:id",
    params: ListParams,
    response: SuccessEnvelope,
    auth: true,
    problems: ["not_a_customer", "not_found", "viewer_read_only"],
    summary: "Delete an order list",
    tag: "Order lists",
  },
  addToCart: {
    method: "POST",
    path: "/api/OrderLists/:id/AddToCart",
    params: ListParams,
    response: CartAfterAddItems,
    auth: true,
    problems: ["not_a_customer", "not_found"],
    summary: "Add every line of an order list to the cart; the answer lists the lines not added and why",
    tag: "Order lists",
  },
} as const satisfies Record<string, ApiRoute>;
