// The camera scanner's reader, loaded with import() when a scanner opens, never with the first
// page: the browser's own BarcodeDetector where it reads EAN-13 (Chrome on Android and macOS,
// Safari 17+), else ZXing in WebAssembly, whose .wasm the build copies into our own assets
// (zxing-wasm would fetch it from a CDN by default).
import zxingWasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { gtinReader, PACK_FORMATS, type BarcodeDetectorLike, type GtinReader } from "./gtin-reader";
import { openZxingGtinReader, type ZxingOverrides } from "./zxing-gtin-reader";

/** The Barcode Detection API as the browser has it; TypeScript's DOM types do not have it yet. */
interface NativeBarcodeDetector {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const zxingOverrides: ZxingOverrides = {
  locateFile: (file: string, prefix: string) => (file.endsWith(".wasm") ? zxingWasmUrl : prefix + file),
  // Emscripten reports a failed compile on console.error; the scanner says it in its dialog.
  printErr: (text: string) => console.warn(text),
};

export async function openGtinReader(): Promise<GtinReader> {
  const Native = (globalThis as { BarcodeDetector?: NativeBarcodeDetector }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats();
    if (supported.includes("ean_13"))
      return gtinReader(new Native({ formats: PACK_FORMATS.filter((format) => supported.includes(format)) }));
  }
  return openZxingGtinReader(zxingOverrides);
}
