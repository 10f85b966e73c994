// ZXing-C++ in WebAssembly, through barcode-detector's ponyfill of the Barcode Detection API:
// the reader where the browser has no BarcodeDetector of its own (Firefox, Safari before 17,
// desktop Chromium on Linux and Windows).
import { BarcodeDetector, prepareZXingModule, purgeZXingModule } from "barcode-detector/ponyfill";
import { gtinReader, PACK_FORMATS, type GtinReader } from "./gtin-reader";

export type ZxingOverrides = NonNullable<NonNullable<Parameters<typeof prepareZXingModule>[0]>["overrides"]>;

/**
 * A reader on ZXing, its WebAssembly fetched and compiled before this resolves. `overrides`
 * says where the .wasm is (or hands its bytes over); pass the same object each time, so the
 * compiled module is reused.
 */
export async function openZxingGtinReader(overrides: ZxingOverrides): Promise<GtinReader> {
  try {
    // Compiled here, so a .wasm that cannot be had fails this once, rather than every detect()
    // (which logs the failure as an error and says only "service unavailable").
    await prepareZXingModule({ overrides, fireImmediately: true });
  } catch (error) {
    // The failed attempt is cached otherwise: the next scanner opened tries again.
    purgeZXingModule();
    throw error;
  }
  return gtinReader(new BarcodeDetector({ formats: [...PACK_FORMATS] }));
}
