// Development has React Fast Refresh (decision 140): Vite's development server, started
// with the web app's own configuration (apps/web/vite.config.ts, so its real plugin list), hot-swaps
// an edited component without reloading the page. The app's source is left alone: the server's root
// is a throwaway folder inside apps/web (where react, react-dom and the plugin resolve) holding a
// page, an entry that renders a probe component in StrictMode, and the probe. The browser counts
// clicks in the probe, the test rewrites the probe's label, and the new label must appear with the
// count kept, no navigation and a marker left on `window` still there. Editing a module that is not
// a component (a constant the entry shows) must instead reload the page. Runs under the e2e project
// for its Chromium; it does not use the shop that project's global setup starts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, ConsoleMessage, Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "./support/browser";

const web = path.resolve(import.meta.dirname, "../apps/web");
/** Every wait of the page, and of the swaps below. */
const WAIT_MS = 15_000;

/** What the probe and the test leave on the page's `window`. */
type Probed = Window & { __effects?: number; __cleanups?: number; __notReloaded?: boolean };

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" href="data:," />
    <title>Fast Refresh probe</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`;

// The entry has no component of its own, so it accepts no hot update: a change that reaches it
// (heading.ts's) reloads the page.
const mainTsx = `import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { heading } from "./heading.ts";
import { Probe } from "./probe.tsx";

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <h1 id="heading">{heading}</h1>
    <Probe />
  </StrictMode>,
);
`;

const headingTs = (heading: string) => `export const heading = ${JSON.stringify(heading)};\n`;

// The effect counts its setups and cleanups on window: StrictMode in development runs one extra
// setup and cleanup as a component mounts (2 and 1), without it a mount is 1 and 0.
const probeTsx = (label: string) => `import { useEffect, useState } from "react";

export function Probe() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    window.__effects = (window.__effects ?? 0) + 1;
    return () => {
      window.__cleanups = (window.__cleanups ?? 0) + 1;
    };
  }, []);
  return (
    <main>
      <p id="label">{${JSON.stringify(label)}}</p>
      <button id="counter" type="button" onClick={() => setCount((n) => n + 1)}>
        {count}
      </button>
    </main>
  );
}
`;

describe("the development server's React Fast Refresh", () => {
  let dir = "";
  let server: ViteDevServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  /** The page's main-frame navigations: the first load is 1, every reload adds one. */
  let navigations = 0;
  const consoleLines: string[] = [];

  const text = async (selector: string) => (await page.textContent(selector))?.trim();
  const probed = () =>
    page.evaluate(() => {
      const w = window as Probed;
      return { effects: w.__effects, cleanups: w.__cleanups, notReloaded: w.__notReloaded };
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(web, ".fast-refresh-"));
    writeFileSync(path.join(dir, "index.html"), indexHtml);
    writeFileSync(path.join(dir, "main.tsx"), mainTsx);
    writeFileSync(path.join(dir, "heading.ts"), headingTs("First heading"));
    writeFileSync(path.join(dir, "probe.tsx"), probeTsx("First label"));

    server = await createServer({
      configFile: path.join(web, "vite.config.ts"),
      root: dir,
      mode: "development",
      // The optimised dependencies stay in the throwaway folder, not in the cache `npm run dev` uses.
      cacheDir: path.join(dir, ".vite"),
      // The configuration's proxy to the API server on :3000 stays; nothing here asks it anything.
      server: { host: "127.0.0.1", port: 0 }, // port 0: Vite takes a free one
      logLevel: "warn",
      clearScreen: false,
    });
    await server.listen();
    const { port } = server.httpServer!.address() as AddressInfo;

    browser = await launchBrowser();
    page = await openPage(browser); // its guard fails a test on any console error or uncaught exception
    page.setDefaultTimeout(WAIT_MS);
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    page.on("console", (message: ConsoleMessage) => void consoleLines.push(message.text()));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.locator("#label").waitFor();
  });

  afterAll(async () => {
    // The page goes first: with it open, the server's going would make Vite's client poll for it.
    try {
      await browser?.close();
    } finally {
      try {
        await server?.close();
      } finally {
        if (dir) rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("serves the page with React DOM, in StrictMode", async () => {
    expect(await text("#heading")).toBe("First heading");
    expect(await text("#label")).toBe("First label");
    // React DOM's root marks its container element.
    expect(
      await page.evaluate(() =>
        Object.keys(document.getElementById("root")!).some((k) => k.startsWith("__reactContainer")),
      ),
    ).toBe(true);
    // StrictMode's extra setup and cleanup run in the same task as the first, so both are in.
    await page.waitForFunction(() => ((window as Probed).__effects ?? 0) >= 1, undefined, {
      timeout: WAIT_MS,
    });
    const { effects, cleanups } = await probed();
    expect({ effects, cleanups }).toEqual({ effects: 2, cleanups: 1 });
    expect(navigations).toBe(1);
  });

  it("swaps an edited component in place, keeping its state, without reloading the page", async () => {
    for (let i = 0; i < 3; i++) await page.click("#counter");
    expect(await text("#counter")).toBe("3");
    await page.evaluate(() => {
      (window as Probed).__notReloaded = true;
    });

    writeFileSync(path.join(dir, "probe.tsx"), probeTsx("Second label"));
    await expect.poll(() => text("#label"), { timeout: WAIT_MS }).toBe("Second label");

    expect(await text("#counter")).toBe("3");
    expect((await probed()).notReloaded).toBe(true);
    expect(navigations).toBe(1);
    expect(consoleLines).toContain("[vite] hot updated: /probe.tsx");
    // The swapped-in component goes on from the state it kept.
    await page.click("#counter");
    expect(await text("#counter")).toBe("4");
  });

  it("reloads the page when a module that is not a component changes", async () => {
    await page.click("#counter");
    expect(await text("#counter")).not.toBe("0");
    await page.evaluate(() => {
      (window as Probed).__notReloaded = true;
    });
    const before = navigations;

    writeFileSync(path.join(dir, "heading.ts"), headingTs("Second heading"));
    await expect.poll(() => text("#heading"), { timeout: WAIT_MS }).toBe("Second heading");

    expect((await probed()).notReloaded).toBeUndefined();
    expect(navigations).toBe(before + 1);
    expect(await text("#counter")).toBe("0");
  });
});
