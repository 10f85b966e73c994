// What a login brings to every page, loaded with the login rather than in a visitor's first
// download (docs/decisions/0140): its cart and wishlist, kept while it lasts and forgotten when it
// ends, the real-time stream, and the commands behind the catalogue's Add to cart and Add to
// wishlist buttons, which it hands to the app's providers.
import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import type { CartItem } from "@trade-shop/contracts/cart";
import {
  addCommandFor,
  announceAddedItems,
  useAddItemsToCart,
  useAddToCart,
  useCart,
  useCartSession,
  useSetCartQuantity,
} from "@/entities/cart";
import type { ProductActions, ShopperStanding } from "@/entities/shopper";
import { useAddToWishlist, useWishlist, useWishlistSession } from "@/entities/wishlist";
import { useRealtimeUpdates } from "./realtime/use-realtime-updates";

export interface ShopperSessionProps {
  /** Told what the cart and wishlist hold, for each product's controls. */
  standing: ShopperStanding;
  /** Given the commands once they can run, and null when the login ends. */
  onCommands: (commands: ProductActions | null) => void;
}

export function ShopperSession({ standing, onCommands }: ShopperSessionProps) {
  useCartSession();
  useWishlistSession();
  useRealtimeUpdates();
  const { mutate: addToCart } = useAddToCart();
  const { mutate: addToWishlist } = useAddToWishlist();
  const { mutate: setQuantity } = useSetCartQuantity();
  const { mutateAsync: addItems } = useAddItemsToCart();
  const { cart, isCommandPending: cartBusy } = useCart();
  const { wishlist } = useWishlist();
  // The commands read the cart's lines when they run, so they stay the same object as it changes.
  const cartLines = useRef(new Map<string, CartItem>());
  const commands = useMemo<ProductActions>(
    () => ({
      addToCart: (product, quantity) => addToCart({ ...addCommandFor(product, quantity), product }),
      addToWishlist: (product, quantity) => addToWishlist(addCommandFor(product, quantity)),
      addManyToCart: async (lines) => {
        try {
          announceAddedItems(
            await addItems({ items: lines.map((l) => addCommandFor(l.product, l.quantity)) }),
          );
          return true;
        } catch {
          return false;
        }
      },
      setCartQuantity: (skuCode, quantity) => {
        const line = cartLines.current.get(skuCode);
        if (line) setQuantity({ line, quantity });
      },
    }),
    [addToCart, addToWishlist, addItems, setQuantity],
  );
  useEffect(() => {
    onCommands(commands);
    return () => onCommands(null);
  }, [commands, onCommands]);
  // What each product's controls show is told to them through the store, not by a new context value.
  useLayoutEffect(() => {
    cartLines.current = new Map(cart?.cartItems.map((line) => [line.productId, line]));
    standing.update(
      cartLines.current,
      new Set(wishlist?.wishlistItems.map((line) => line.productId)),
      cartBusy,
    );
  }, [standing, cart, wishlist, cartBusy]);
  useEffect(() => () => standing.update(new Map(), new Set(), false), [standing]);
  return null;
}
