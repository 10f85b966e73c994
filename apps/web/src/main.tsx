// The browser's start. A visitor's public page arrives rendered by the server with its data
// (docs/decisions/0140): the app hydrates it, taking the query cache and the router's state from
// the page, so it asks again for nothing the page shows. Every other page (a login's, a page the
// server only framed, the offline copy of the page, the development server) is rendered here.
import "./lib/zod-config";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { hydrate } from "@tanstack/react-query";
import { AppProviders, loadShopperSession } from "./app/providers";
import { licenceNotice } from "./app/layout/root-layout";
import { loginOrderControls } from "./features/catalogue/components/order-controls";
import { productListView } from "./features/catalogue/products-page";
import { createQueryClient } from "./app/query-client";
import { readPageState } from "./app/page-state";
import { prefetchCataloguePage } from "./features/catalogue/api/prefetch-page";
import { currentViewer } from "./features/catalogue/api/catalogue-keys";
import { createAppRouter } from "./app/router";
import { getSession } from "./lib/session";
import { registerServiceWorker } from "./lib/offline/service-worker";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

/**
 * Not awaited at the module's top level: a page's code loaded on the way (a lazily loaded route)
 * imports from this module's file, and would wait for this module to finish, which would wait for it.
 */
async function start(container: HTMLElement) {
  const queryClient = createQueryClient();
  const state = readPageState();
  if (state?.rendered === "page" && getSession() === null) {
    if (state.queries) {
      // The page's answers are as fresh as the page: counted from now, not from the server's clock.
      const arrived = Date.now();
      for (const query of state.queries.queries) query.state.dataUpdatedAt = arrived;
      hydrate(queryClient, state.queries);
    }
    const router = await createAppRouter(state.router ?? {});
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
    // What the server framed goes in the same task as the app's first render, so no frame shows neither.
    container.replaceChildren();
    createRoot(container).render(
      <StrictMode>
        <AppProviders client={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  }
}

void start(container);
registerServiceWorker();
