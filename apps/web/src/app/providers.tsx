// App-wide providers: server state (TanStack Query), toasts (sonner, following the theme, loaded
// when first needed), and the commands behind the catalogue's Add to cart and Add to wishlist
// buttons. A login's cart, wishlist and real-time stream come with the login (shopper-session.tsx,
// its code loaded then), which hands the commands over; a click before they are here waits for
// them (entities/shopper/login-commands.ts).
import { Suspense, lazy, useEffect, useState, type CSSProperties, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { LoginCommands, ProductActionsProvider, ShopperStanding } from "@/entities/shopper";
import { ERROR_TOAST_MS } from "@/lib/api-client";
// By path, not through the index.ts, which would bring the lists' queries into the first download.
import { removeAllMirrors } from "@/entities/shopping-lists/list-mirror";
import { useSession } from "@/lib/session";
import { useTheme } from "@/lib/theme";
import { Toasts } from "@/lib/ui/toasts-host";

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

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const theme = useTheme();
  const session = useSession();
  const [commands] = useState(() => new LoginCommands());
  // Once a login has been seen its session parts stay: when it ends they forget its cart and wishlist.
  const [loginSeen, setLoginSeen] = useState(session !== null);
  if (session !== null && !loginSeen) setLoginSeen(true);
  // What each product's controls show of the cart and wishlist is told to them through this store.
  const [standing] = useState(() => new ShopperStanding());
  // The page answers from here on: hydrated, or rendered in the browser (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);
  // A visitor's browser keeps no copy of a cart or wishlist from a login that ended while the shop
  // was closed (a login's session parts forget them as it ends).
  useEffect(() => {
    if (loginSeen) return;
    removeAllMirrors();
  }, [loginSeen]);
  return (
    <QueryClientProvider client={client}>
      <ProductActionsProvider actions={session ? commands : null} standing={standing}>
        {children}
      </ProductActionsProvider>
      {loginSeen && (
        <Suspense fallback={null}>
          <ShopperSession standing={standing} onCommands={commands.take} />
        </Suspense>
      )}
      <Toasts
        // Errors and warnings appear top right; success toasts ask for bottom-center themselves
        // (docs/api.md). On a phone every toast is bottom centre (toasts-host.tsx), at most three at once.
        position="top-right"
        visibleToasts={3}
        theme={theme === "dark-theme" ? "dark" : "light"}
        richColors
        style={toastColours(theme === "dark-theme")}
        closeButton
        duration={ERROR_TOAST_MS}
      />
    </QueryClientProvider>
  );
}
