// Order lists: an account's named lists of products to order again, added to the cart in one go.
// Owns order_lists and order_list_items. Offers its routes only (docs/architecture.md).
export { orderListRoutes } from "./routes";
