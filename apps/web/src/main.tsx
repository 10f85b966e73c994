// The browser's start. A visitor's public page arrives rendered by the server with its data
// (docs/decisions/0140): the app hydrates it, taking the query cache and the router's state from
// the page, so it asks again for nothing the page shows. Every other page (a login's, a page the
// server only framed, the offline copy of the page, the development server) is rendered here.
import "./lib/zod-config";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { hydrate } from "@tanstack/react-query";
import { AppProviders } from "./app/providers";
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

const queryClient = createQueryClient();
const state = readPageState();
const hydrating = state?.rendered === "page" && getSession() === null;

if (hydrating) {
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

registerServiceWorker();
