// Waiting for the built shop's service worker (apps/web/service-worker/sw.ts).
import type { Page } from "playwright-core";

/** Resolves once the service worker controls `page` (it claims the page it was installed from) and is active. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  // The precache is complete once the worker is active.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== "activated")
      await new Promise<void>((resolve) =>
        registration.active?.addEventListener("statechange", () => resolve(), { once: true }),
      );
  });
}
