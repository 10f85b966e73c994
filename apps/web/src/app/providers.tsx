// App-wide providers: server state (TanStack Query), toasts (sonner, following the theme, loaded
// when first needed), and the commands behind the catalogue's Add to cart and Add to wishlist
// buttons. A login's cart, wishlist and real-time stream come with the login (shopper-session.tsx,
// its code loaded then), which hands the commands over; a click before they are here waits for them.
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import {
  ProductActionsProvider,
  ShopperStanding,
  type ProductActions,
} from "../features/catalogue/product-actions";
import { ERROR_TOAST_MS } from "../lib/api-client";
import { useSession } from "../lib/session";
import { useTheme } from "../lib/theme";
import { Toasts } from "../lib/ui/toasts-host";

/** Loads a login's session parts; the app's start calls it at once for a browser that holds a login. */
export const loadShopperSession = () => import("./shopper-session");
const ShopperSession = lazy(() =>
  loadShopperSession().then((module) => ({ default: module.ShopperSession })),
);

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

/** Commands that run as soon as the login's own are here: the same object for the app's whole life. */
function useLoginCommands() {
  const own = useRef<ProductActions | null>(null);
  const waiting = useRef<((commands: ProductActions) => void)[]>([]);
  const commands = useMemo<ProductActions>(() => {
    const run = (use: (commands: ProductActions) => void) => {
      if (own.current) use(own.current);
      else waiting.current.push(use);
    };
    return {
      addToCart: (product, quantity) => run((c) => c.addToCart(product, quantity)),
      addToWishlist: (product, quantity) => run((c) => c.addToWishlist(product, quantity)),
      addManyToCart: (lines) => new Promise((done) => run((c) => void c.addManyToCart(lines).then(done))),
      setCartQuantity: (skuCode, quantity) => run((c) => c.setCartQuantity(skuCode, quantity)),
    };
  }, []);
  const take = useCallback((next: ProductActions | null) => {
    own.current = next;
    if (next) for (const use of waiting.current.splice(0)) use(next);
  }, []);
  return { commands, take };
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const theme = useTheme();
  const session = useSession();
  const { commands, take } = useLoginCommands();
  // What each product's controls show of the cart and wishlist is told to them through this store.
  const [standing] = useState(() => new ShopperStanding());
  // The page answers from here on: hydrated, or rendered in the browser (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);
  return (
    <QueryClientProvider client={client}>
      <ProductActionsProvider actions={session ? commands : null} standing={standing}>
        {children}
      </ProductActionsProvider>
      {session && (
        <Suspense fallback={null}>
          <ShopperSession standing={standing} onCommands={take} />
        </Suspense>
      )}
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
