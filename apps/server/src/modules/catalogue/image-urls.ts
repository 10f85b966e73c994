// Content-addressed image URLs: the name is the hash of the stored original, so a URL never
// changes meaning and browsers and proxies may keep it for a year.
import { createHash } from "node:crypto";

/** The widths the web app asks for (card thumbnails, cards, detail, zoom); others are refused. */
export const IMAGE_WIDTHS = [96, 240, 480, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Output formats by file extension: WebP for browsers, JPEG and PNG as fallbacks, SVG as stored. */
export const IMAGE_FORMATS = ["webp", "jpg", "png", "svg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Hex sha256 (or its first 32 characters, as the demo data stores it) of the stored original. */
const HASH = "[0-9a-f]{32,64}";
const PRODUCT_IMAGE_PATH = new RegExp(
  `/images/products/(${HASH})\\.(?:${IMAGE_FORMATS.join("|")})(?:[?#]|$)`,
);

/** sha256 of the bytes, hex, first 32 characters: the name of an image and of its resized copies. */
export function contentHash(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex").slice(0, 32);
}

export function productImageUrl(contentHash: string, format: ImageFormat = "webp"): string {
  return `/images/products/${contentHash}.${format}`;
}

/** The content hash an image URL (relative or absolute, any size or format) points at. */
export function contentHashOf(url: string): string | null {
  return PRODUCT_IMAGE_PATH.exec(url)?.[1] ?? null;
}

export function isContentHash(value: string): boolean {
  return new RegExp(`^${HASH}$`).test(value);
}
