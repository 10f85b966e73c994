import "./lib/zod-config";
import "./lib/auto-focus";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { router } from "./app/router";
import { registerServiceWorker } from "./lib/offline/service-worker";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// index.html's painted shell goes in the same task as the app's first render, so no frame shows
// neither (and nothing of the shell is taken over by the app's own elements).
container.replaceChildren();
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
