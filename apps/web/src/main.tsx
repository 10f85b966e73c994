import "./lib/zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { queryClient } from "./app/query-client";
import { prefetchCataloguePage } from "./features/catalogue/api/prefetch-page";
import { router } from "./app/router";
import { registerServiceWorker } from "./lib/offline/service-worker";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// A catalogue page opened by its address: its data is asked for now, not once the page is rendered.
prefetchCataloguePage(queryClient, location);

// index.html's painted shell goes in the same task as the app's first render, so no frame shows
// neither (and nothing of the shell is taken over by the app's own elements). The render stays in
// the task that runs the modules: made a task of its own (a timer), it scored Lighthouse's
// blocking time about twice as high (decision 130).
container.replaceChildren();
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
