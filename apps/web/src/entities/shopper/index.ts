// Who is shopping (a customer, or a rep ordering for an account) and what the catalogue's buttons
// can do for them: the commands behind Add to cart and Add to wishlist, and each product's place
// in the cart and wishlist. The providers import it, so every file it re-exports is in every
// visitor's first download: keep it small.
// The front door: features and other entities import these, never the files behind them.
export {
  ProductActionsProvider,
  ShopperStanding,
  useProductActions,
  useProductStanding,
  type ProductActions,
} from "./product-actions";
export { LoginCommands } from "./login-commands";
export { shopperOf, useShopper, type Shopper } from "./shopper";
