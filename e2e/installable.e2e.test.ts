// A shop for phones on mobile data. Installable: the web app manifest (name, start
// page /featured, standalone, theme colour, 192 and 512 px icons and a maskable one, each the
// size it claims) is linked from every page, Chromium reads it without errors, and nothing but
// the test browser's own private profile stands in the way of installing the shop. Data saver:
// pictures no wider than 240 px when the browser asks for less data or the buyer turns it on.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE } from "./support/browser";
import { browserFile } from "./support/browser-file";

const { baseUrl, openPage } = browserFile();

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe("the installable shop", () => {
  it("has a manifest Chromium accepts, with icons of the sizes it names", async () => {
    const res = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Trade Shop",
      short_name: "Trade Shop",
      start_url: "/featured",
      display: "standalone",
      theme_color: "#0b6e4f",
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, baseUrl));
      expect(image.headers.get("content-type")).toBe("image/png");
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toBe(icon.sizes);
    }

    const page = await openPage(PHONE);
    await page.goto(`${baseUrl}/products?category=home`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const cdp = await page.context().newCDPSession(page);
    const read = await cdp.send("Page.getAppManifest");
    expect(read.url).toBe(`${baseUrl}/manifest.webmanifest`);
    expect(read.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // A test browser's context is a private profile, which Chromium never installs apps from.
    expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
    await page.context().close();
  });
});

describe("the data saver", () => {
  /** The width the first product card's picture was loaded at. */
  const firstPictureWidth = async (page: Page) => {
    const img = page.getByRole("main").getByRole("article").first().locator("img");
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/\?w=\d+$/);
    return Number(/\?w=(\d+)$/.exec(await img.evaluate((i: HTMLImageElement) => i.currentSrc))![1]);
  };

  it("loads small pictures when the browser asks for less data, and when the buyer turns it on", async () => {
    // A desktop's cards, which otherwise take pictures wider than 240 px.
    const plain = await openPage(DESKTOP);
    await plain.goto(`${baseUrl}/products?category=Chips`);
    expect(await firstPictureWidth(plain)).toBeGreaterThan(240);

    // Turned on from the footer: the next pictures are small, and it is remembered.
    const toggle = plain.getByRole("contentinfo").getByRole("button", { name: "Data saver" });
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("false");
    await toggle.click();
    await plain.reload();
    expect(await firstPictureWidth(plain)).toBeLessThanOrEqual(240);
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("true");
    await plain.context().close();

    // Save-Data (navigator.connection.saveData), as a phone's data-saving mode sets it.
    const saving = await openPage(DESKTOP);
    const cdp = await saving.context().newCDPSession(saving);
    await cdp.send("Emulation.setDataSaverOverride", { dataSaverEnabled: true });
    await saving.goto(`${baseUrl}/products?category=Chips`);
    expect(await firstPictureWidth(saving)).toBeLessThanOrEqual(240);
    await saving.context().close();
  });
});
