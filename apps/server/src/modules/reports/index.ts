// Reports: the account dashboard's charts, read from the logged-in customer's own orders.
// Owns no table. Offers its routes only (docs/architecture.md).
export { reportsRoutes } from "./routes";
