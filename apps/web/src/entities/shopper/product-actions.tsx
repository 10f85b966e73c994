// What "Add to cart" and "Add to wishlist" do. The catalogue does not know the cart: the app
// provides these from the cart and wishlist entities (app/shopper-session.tsx, handed over through
// ProductActionsProvider around the routes).
// Until it does, the buttons are shown but unavailable, with a tooltip saying so.
//
// The commands stay the same object while the cart and wishlist change. What a product's
// controls show of them (packs in the cart, on the wishlist, a command in flight) is read per
// product from a store, so a change to one line re-renders that product's controls, not all 24
// cards of a page (decision 138).
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
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
}

/** One product as the shopper's cart and wishlist hold it now. */
export interface ProductStanding {
  /** Packs of the SKU in the shopper's cart (0 when none). */
  inCart: number;
  /** Whether the SKU is on the shopper's wishlist. */
  inWishlist: boolean;
  /**
   * For a product in the cart, whether a cart command is in flight (the in-cart steppers wait for
   * its answer; a reload alone does not hold them). False for the others, which it does not concern.
   */
  cartBusy: boolean;
}

/** The cart's packs per SKU, the wishlist's SKUs and whether a cart command is in flight; tells its readers when they change. */
export class ShopperStanding {
  private lines: ReadonlyMap<string, { readonly quantity: number }> = new Map();
  private saved: ReadonlySet<string> = new Set();
  private busy = false;
  private readonly listeners = new Set<() => void>();
  private readonly kept = new Map<string, ProductStanding>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** `lines`: the cart's lines by SKU; `saved`: the wishlist's SKUs; `busy`: a cart command in flight. */
  update(
    lines: ReadonlyMap<string, { readonly quantity: number }>,
    saved: ReadonlySet<string>,
    busy: boolean,
  ): void {
    this.lines = lines;
    this.saved = saved;
    this.busy = busy;
    for (const listener of this.listeners) listener();
  }

  /** The product's standing now: the same object for as long as it does not change. */
  readonly of = (skuCode: string): ProductStanding => {
    const inCart = this.lines.get(skuCode)?.quantity ?? 0;
    const now = { inCart, inWishlist: this.saved.has(skuCode), cartBusy: inCart > 0 && this.busy };
    const kept = this.kept.get(skuCode);
    if (kept?.inCart === now.inCart && kept.inWishlist === now.inWishlist && kept.cartBusy === now.cartBusy)
      return kept;
    this.kept.set(skuCode, now);
    return now;
  };
}

interface Provided {
  /** Null for a visitor, who orders nothing. */
  actions: ProductActions | null;
  standing: ShopperStanding;
}

const ProductActionsContext = createContext<Provided | null>(null);

/** `actions` and `standing` are meant to stay the same objects while the app runs: a new one re-renders every reader. */
export function ProductActionsProvider({ actions, standing, children }: Provided & { children: ReactNode }) {
  const provided = useMemo(() => ({ actions, standing }), [actions, standing]);
  return <ProductActionsContext value={provided}>{children}</ProductActionsContext>;
}

export function useProductActions(): ProductActions | null {
  return useContext(ProductActionsContext)?.actions ?? null;
}

const NOWHERE = new ShopperStanding();

/** The product's packs in the cart, place on the wishlist and busy flag; its reader re-renders only when these change. */
export function useProductStanding(skuCode: string): ProductStanding {
  const standing = useContext(ProductActionsContext)?.standing ?? NOWHERE;
  const read = () => standing.of(skuCode);
  return useSyncExternalStore(standing.subscribe, read, read);
}
