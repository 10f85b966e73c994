// The camera scanner's fallback decoding (ZXing in WebAssembly through barcode-detector's
// ponyfill) reads barcodes drawn here from the GS1 encoding tables, given as the pixels of a
// camera frame, the way the scanner hands it a video frame. The browser's own detector is
// stood in for, to show it is preferred when it reads EAN-13 and answers through the same filter.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gtinCheckDigit } from "@trade-shop/contracts/gtin";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { GtinReader } from "./gtin-reader";
import { openGtinReader } from "./open-gtin-reader";
import { drawEan, type GreyImage } from "./testing/ean-symbol";
import { openZxingGtinReader } from "./zxing-gtin-reader";

/** Node has no ImageData or DOMRectReadOnly: the ponyfill takes the one and answers with the other. */
class ImageDataInNode {
  readonly colorSpace = "srgb";
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}

class DOMRectReadOnlyInNode {
  constructor(
    readonly x: number,
    readonly y: number,
    readonly width: number,
    readonly height: number,
  ) {}
}

function stubBrowserClasses() {
  vi.stubGlobal("ImageData", ImageDataInNode);
  vi.stubGlobal("DOMRectReadOnly", DOMRectReadOnlyInNode);
}

function asFrame({ width, height, grey }: GreyImage): ImageData {
  const rgba = new Uint8ClampedArray(width * height * 4);
  grey.forEach((level, i) => rgba.set([level, level, level, 255], i * 4));
  return new ImageDataInNode(rgba, width, height) as unknown as ImageData;
}

const withCheckDigit = (body: string) => `${body}${gtinCheckDigit(body)}`;

let zxing: GtinReader;
beforeAll(async () => {
  stubBrowserClasses();
  // In the browser the .wasm comes from our own assets by URL; here its bytes are handed over.
  const wasm = readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
  zxing = await openZxingGtinReader({
    wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
  });
});

describe("the camera scanner's ZXing reader", () => {
  const ean13s = [
    withCheckDigit("600123456789"),
    withCheckDigit("600998877661"),
    "4006381333931",
    "9780201379624",
  ];

  it.each(ean13s)("reads the EAN-13 %s from its bars", async (code) => {
    await expect(zxing.read(asFrame(drawEan(code)))).resolves.toEqual([code]);
  });

  it("reads an EAN-8, and a UPC-A as the EAN-13 it also is (the same GTIN to the shop)", async () => {
    await expect(zxing.read(asFrame(drawEan("036000291452")))).resolves.toEqual(["0036000291452"]);
    await expect(zxing.read(asFrame(drawEan("96385074")))).resolves.toEqual(["96385074"]);
  });

  it("reads a symbol small in a camera-sized frame", async () => {
    const code = withCheckDigit("600555000111");
    const frame = drawEan(code, { moduleWidth: 2, barHeight: 120, width: 1280, height: 720 });
    await expect(zxing.read(asFrame(frame))).resolves.toEqual([code]);
  });

  it("reads nothing from bars with a wrong check digit, or from a frame without a barcode", async () => {
    const code = withCheckDigit("600123456789");
    const wrong = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
    await expect(zxing.read(asFrame(drawEan(wrong)))).resolves.toEqual([]);
    const blank: GreyImage = { width: 640, height: 480, grey: new Uint8Array(640 * 480).fill(255) };
    await expect(zxing.read(asFrame(blank))).resolves.toEqual([]);
  });
});

describe("openGtinReader", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    stubBrowserClasses();
  });

  it("uses the browser's BarcodeDetector when it reads EAN-13, keeping valid GTINs once each", async () => {
    const asked: string[][] = [];
    class BrowserBarcodeDetector {
      static getSupportedFormats = async () => ["qr_code", "ean_13", "ean_8"];
      constructor({ formats }: { formats: string[] }) {
        asked.push(formats);
      }
      async detect() {
        return [
          { rawValue: "6001234567899" },
          { rawValue: "https://example.test" },
          { rawValue: "6001234567899" },
        ];
      }
    }
    vi.stubGlobal("BarcodeDetector", BrowserBarcodeDetector);
    const reader = await openGtinReader();
    await expect(reader.read(asFrame(drawEan("96385074")))).resolves.toEqual(["6001234567899"]);
    expect(asked).toEqual([["ean_13", "ean_8"]]);
  });
});
