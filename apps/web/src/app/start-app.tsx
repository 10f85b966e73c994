// The app's start in the browser (docs/decisions/0140). A visitor's public page arrives rendered
// by the server with its data: it is hydrated, the query cache and the router's state taken from
// the page, so nothing the page shows is asked for again. Every other page (a login's, a page the
// server only framed, the offline copy of the page, the development server) is rendered here.
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { hydrate } from "@tanstack/react-query";
import { AppProviders, loadShopperSession } from "./providers";
import { licenceNotice } from "./layout/root-layout";
import { loginOrderControls } from "@/features/catalogue/components/order-controls";
import { productListView } from "@/features/catalogue/products-page";
import { createQueryClient } from "./query-client";
import { readPageState } from "./page-state";
import { prefetchCataloguePage } from "@/features/catalogue/api/prefetch-page";
import { currentViewer } from "@/features/catalogue/api/catalogue-keys";
import { createAppRouter } from "./router";
import { restoreScrollOfHydratedPage } from "./layout/scroll-on-load";
import { getSession } from "@/lib/session";
import { noteOfflineCopy } from "@/lib/offline/connectivity";
import { renderFromScratch } from "@/lib/browser-value";

/**
 * Not awaited at the module's top level: a page's code loaded on the way (a lazily loaded route)
 * imports from this module's file, and would wait for this module to finish, which would wait for it.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  const state = readPageState();
  // Offline, the service worker answered with the copy of the page it kept: say how old it is.
  if (state?.offlineCopyOf !== undefined) noteOfflineCopy(state.offlineCopyOf);
  if (state?.rendered === "page" && getSession() === null) {
    if (state.queries) {
      // The page's answers are as fresh as the page: counted from now, not from the server's clock.
      const arrived = Date.now();
      for (const query of state.queries.queries) query.state.dataUpdatedAt = arrived;
      hydrate(queryClient, state.queries);
    }
    const router = await createAppRouter(state.router ?? {});
    restoreScrollOfHydratedPage();
    // A transition, so React hydrates in slices and the page answers a tap in between.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <AppProviders client={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
        {
          // A mismatch between the server's HTML and the first render is a bug: said where tests see it.
          onRecoverableError: (error) => console.error("Hydration failed:", error),
        },
      );
    });
  } else {
    // A catalogue page opened by its address: its data is asked for now, not once the page is rendered.
    void prefetchCataloguePage(queryClient, location, currentViewer());
    const router = await createAppRouter();
    // What only a login shows is not in a visitor's download: a login's first render waits for it
    // (already here on a later visit, from the service worker), so no part of the page comes late.
    if (getSession()) {
      await Promise.all([
        loadShopperSession(),
        loginOrderControls.preload(),
        productListView.preload(),
        licenceNotice.preload(),
      ]).catch(() => undefined); // offline with a part never fetched: it loads when shown
    }
    renderFromScratch();
    // A transition, so React renders the first page in slices and the page answers a tap in between.
    // What the server framed stays on screen until then: React clears the container as it commits.
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders client={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    );
  }
}
