// Responsive sources for a product image. The server names images by content and renders each
// at fixed widths (?w=96|240|480|800) in WebP, with the same picture as .jpg for old browsers.

export const IMAGE_WIDTHS = [96, 240, 480, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export interface ImageSources {
  /** WebP candidates for <source type="image/webp">, or null when the URL is not one of ours. */
  webpSrcSet: string | null;
  /** JPEG candidates for the <img> itself. */
  fallbackSrcSet: string | null;
  /** What <img src> loads where srcset is not understood. */
  src: string;
}

const srcSet = (base: string, extension: string, widths: readonly ImageWidth[]) =>
  widths.map((width) => `${base}.${extension}?w=${width} ${width}w`).join(", ");

/**
 * `widths` are the candidates the browser chooses from with the <img sizes>; `fallbackWidth`
 * is what a browser without srcset gets.
 */
export function productImageSources(
  imageUrl: string,
  widths: readonly ImageWidth[] = IMAGE_WIDTHS,
  fallbackWidth: ImageWidth = 480,
): ImageSources {
  const match = /^(\/images\/products\/[0-9a-f]+)\.webp$/.exec(imageUrl);
  if (!match) return { webpSrcSet: null, fallbackSrcSet: null, src: imageUrl };
  const base = match[1]!;
  return {
    webpSrcSet: srcSet(base, "webp", widths),
    fallbackSrcSet: srcSet(base, "jpg", widths),
    src: `${base}.jpg?w=${fallbackWidth}`,
  };
}
