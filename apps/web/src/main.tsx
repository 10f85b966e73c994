// The browser's entry: zod's settings first (before any contract schema is built), the styles,
// then the app's start (app/start-app.tsx) and the service worker.
import "./lib/zod-config";
import { startApp } from "./app/start-app";
import { registerServiceWorker } from "./lib/offline/service-worker";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

void startApp(container);
registerServiceWorker();
