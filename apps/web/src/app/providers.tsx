// App-wide providers: server state (TanStack Query), toasts (sonner, following the theme, loaded
// when first needed), and
// the shopper's cart and wishlist: loaded while a customer is logged in, forgotten on logout,
// and behind the catalogue's Add to cart and Add to wishlist buttons.
import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { CartItem } from "@trade-shop/contracts/cart";
import {
  useAddItemsToCart,
  useAddToCart,
  useCart,
  useCartSession,
  useSetCartQuantity,
  announceAddedItems,
} from "../lib/cart/cart-queries";
import { addCommandFor } from "../lib/cart/cart-commands";
import {
  ProductActionsProvider,
  ShopperStanding,
  type ProductActions,
} from "../features/catalogue/product-actions";
import { useRealtimeUpdates } from "./realtime/use-realtime-updates";
import { useAddToWishlist, useWishlist, useWishlistSession } from "../features/wishlist/api/wishlist";
import { ERROR_TOAST_MS } from "../lib/api-client";
import { useTheme } from "../lib/theme";
import { Toasts } from "../lib/ui/toasts-host";

/**
 * sonner's rich colours fall short of WCAG AA (its success green on its mint is 4.25:1), so the
 * toasts take the shop's own colour tokens, which hold in both themes.
 */
function toastColours(dark: boolean): CSSProperties {
  const warning = dark ? "#ffc46b" : "#8a4b00";
  return {
    "--success-bg": "var(--ts-surface)",
    "--success-border": "var(--ts-brand)",
    "--success-text": "var(--ts-brand)",
    "--error-bg": "var(--ts-surface)",
    "--error-border": "var(--ts-danger)",
    "--error-text": "var(--ts-danger)",
    "--warning-bg": "var(--ts-surface)",
    "--warning-border": warning,
    "--warning-text": warning,
    "--info-bg": "var(--ts-surface)",
    "--info-border": "var(--ts-line)",
    "--info-text": "var(--ts-fg)",
  } as CSSProperties;
}

function ShopperLists({ children }: { children: ReactNode }) {
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
  const actions = useMemo<ProductActions>(
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
  // What each product's controls show is told to them through the store, not by a new context value.
  const [standing] = useState(() => new ShopperStanding());
  useLayoutEffect(() => {
    cartLines.current = new Map(cart?.cartItems.map((line) => [line.productId, line]));
    standing.update(
      cartLines.current,
      new Set(wishlist?.wishlistItems.map((line) => line.productId)),
      cartBusy,
    );
  }, [standing, cart, wishlist, cartBusy]);
  return (
    <ProductActionsProvider actions={actions} standing={standing}>
      {children}
    </ProductActionsProvider>
  );
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const theme = useTheme();
  return (
    <QueryClientProvider client={client}>
      <ShopperLists>{children}</ShopperLists>
      <Toasts
        // Errors and warnings appear top right; success toasts ask for bottom-center themselves (SPEC §7).
        position="top-right"
        theme={theme === "dark-theme" ? "dark" : "light"}
        richColors
        style={toastColours(theme === "dark-theme")}
        closeButton
        duration={ERROR_TOAST_MS}
      />
    </QueryClientProvider>
  );
}
