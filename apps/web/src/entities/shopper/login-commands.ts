// The commands behind the catalogue's Add to cart and Add to wishlist buttons while a login's own
// are still on their way: a login's cart and wishlist come with its session parts, loaded after the
// page (app/shopper-session.tsx), and a click before they are here waits for them, then runs.
import type { ProductActions } from "./product-actions";

/** Commands that run as soon as the login's own are here: one object for the app's whole life. */
export class LoginCommands implements ProductActions {
  #own: ProductActions | null = null;
  #waiting: ((commands: ProductActions) => void)[] = [];

  #run(command: (commands: ProductActions) => void): void {
    if (this.#own) command(this.#own);
    else this.#waiting.push(command);
  }

  readonly addToCart: ProductActions["addToCart"] = (product, quantity) =>
    this.#run((c) => c.addToCart(product, quantity));
  readonly addToWishlist: ProductActions["addToWishlist"] = (product, quantity) =>
    this.#run((c) => c.addToWishlist(product, quantity));
  readonly addManyToCart: ProductActions["addManyToCart"] = (lines) =>
    new Promise((done) => this.#run((c) => void c.addManyToCart(lines).then(done)));
  readonly setCartQuantity: ProductActions["setCartQuantity"] = (skuCode, quantity) =>
    this.#run((c) => c.setCartQuantity(skuCode, quantity));

  /** The login's own commands, or null when the login ends. */
  readonly take = (own: ProductActions | null): void => {
    this.#own = own;
    if (own) for (const command of this.#waiting.splice(0)) command(own);
  };
}
