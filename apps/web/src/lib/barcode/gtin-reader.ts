// What the camera scanner takes from a picture: the retail barcodes on a pack, kept only when
// they are valid GTINs (a misread rarely passes the check digit), each once. The browser's own
// BarcodeDetector and ZXing's are both seen through this, so they answer alike.
import { isGtin } from "@trade-shop/contracts/gtin";

/**
 * The Barcode Detection API's names for the barcodes on a pack. UPC-E is left out: its eight
 * digits are a compressed UPC-A, which would pass for a different GTIN-8.
 */
export const PACK_FORMATS = ["ean_13", "upc_a", "ean_8"] as const;

/** What a detector is given: the live preview itself, or one frame of it. */
export type BarcodeSource = HTMLVideoElement | HTMLCanvasElement | ImageBitmap | ImageData;

/** The part of the Barcode Detection API's BarcodeDetector that the scanner uses. */
export interface BarcodeDetectorLike {
  detect(source: BarcodeSource): Promise<ReadonlyArray<{ rawValue: string }>>;
}

export interface GtinReader {
  /** The distinct valid GTINs in `source`, as printed under the bars. */
  read(source: BarcodeSource): Promise<string[]>;
}

export function gtinReader(detector: BarcodeDetectorLike): GtinReader {
  return {
    async read(source) {
      const found = await detector.detect(source);
      return [...new Set(found.map((barcode) => barcode.rawValue.trim()).filter(isGtin))];
    },
  };
}
