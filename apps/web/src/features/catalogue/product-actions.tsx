// What "Add to cart" and "Add to wishlist" do. The catalogue does not know the cart: the app
// provides these from the cart and wishlist features (ProductActionsProvider around the routes).
// Until it does, the buttons are shown but unavailable, with a tooltip saying so.
import { createContext, useContext, type ReactNode } from "react";
import type { Product } from "@trade-shop/contracts/catalogue";

export interface ProductActions {
  addToCart(product: Product, quantity: number): void;
  addToWishlist(product: Product, quantity: number): void;
  /**
   * Adds many lines in one request (the list view's "Add all entered"); resolves once the cart
   * has them (true), or false when the request failed (the error toast has said why).
   */
  addManyToCart(lines: readonly { product: Product; quantity: number }[]): Promise<boolean>;
  /** Sets the packs of a SKU already in the cart; 0 takes it out. */
  setCartQuantity(skuCode: string, quantity: number): void;
  /** Packs of the SKU in the shopper's cart now (0 when none). */
  inCart(skuCode: string): number;
  /** Whether a cart command is in flight (the in-cart steppers wait for its answer; a reload alone does not hold them). */
  cartBusy: boolean;
  /** Whether the SKU is on the shopper's wishlist now. */
  inWishlist(skuCode: string): boolean;
}

const ProductActionsContext = createContext<ProductActions | null>(null);

export function ProductActionsProvider({
  actions,
  children,
}: {
  actions: ProductActions;
  children: ReactNode;
}) {
  return <ProductActionsContext value={actions}>{children}</ProductActionsContext>;
}

export function useProductActions(): ProductActions | null {
  return useContext(ProductActionsContext);
}
