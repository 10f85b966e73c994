// Renders the sizes and formats of a product image from its original in the database, and
// keeps each rendering on local disk under its content-addressed name: a rendering never
// changes, so the cache needs no invalidation and each server process may fill its own.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import sharp from "sharp";
import type { Db } from "../../db/database";
import { IMAGE_WIDTHS, type ImageFormat, type ImageWidth } from "./image-urls";

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
};

/** Without ?w= the largest served size, never enlarged beyond the original. */
const DEFAULT_WIDTH: ImageWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

export interface RenderedImage {
  body: Buffer;
  contentType: string;
  /** A strong validator: the name says everything about the bytes. */
  etag: string;
}

export interface ImageVariants {
  render(
    contentHash: string,
    format: ImageFormat,
    width: ImageWidth | undefined,
  ): Promise<RenderedImage | null>;
}

async function original(db: Db, contentHash: string) {
  // product_images_content_hash_idx
  const result = await sql<{ data: Buffer | null; mimeType: string }>`
    SELECT data, mime_type FROM product_images WHERE content_hash = ${contentHash} AND data IS NOT NULL LIMIT 1
  `.execute(db);
  const row = result.rows[0];
  return row?.data ? { data: row.data, mimeType: row.mimeType } : null;
}

async function rasterise(
  source: { data: Buffer; mimeType: string },
  format: Exclude<ImageFormat, "svg">,
  width: number,
) {
  const isSvg = source.mimeType === "image/svg+xml";
  let density: number | undefined;
  if (isSvg) {
    // SVG is drawn at 72 dpi by default; draw it at the density that gives the wanted width.
    const meta = await sharp(source.data).metadata();
    density = Math.min(2400, Math.max(1, (72 * width) / (meta.width || width)));
  }
  const image = sharp(source.data, { ...(density ? { density } : {}), animated: false }).resize({
    width,
    withoutEnlargement: !isSvg,
  });
  switch (format) {
    case "webp":
      return image.webp({ quality: 80 }).toBuffer();
    case "jpg":
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    case "png":
      return image.png().toBuffer();
  }
}

async function readCached(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export function createImageVariants(db: Db, cacheDir: string): ImageVariants {
  const inFlight = new Map<string, Promise<RenderedImage | null>>();

  async function renderUncached(contentHash: string, format: ImageFormat, width: number, name: string) {
    const source = await original(db, contentHash);
    if (!source) return null;
    const etag = `"${name}"`;
    if (format === "svg") {
      // Only an original that is an SVG is served as one (our generated pictures; uploads are rasterised).
      return source.mimeType === "image/svg+xml"
        ? { body: source.data, contentType: CONTENT_TYPES.svg, etag }
        : null;
    }
    const body = await rasterise(source, format, width);
    const file = path.join(cacheDir, contentHash.slice(0, 2), name);
    await mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const partial = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(partial, body);
    await rename(partial, file);
    return { body, contentType: CONTENT_TYPES[format], etag };
  }

  return {
    async render(contentHash, format, width) {
      const size = width ?? DEFAULT_WIDTH;
      const name = `${contentHash}-${size}.${format}`;
      const etag = `"${name}"`;
      if (format !== "svg") {
        const cached = await readCached(path.join(cacheDir, contentHash.slice(0, 2), name));
        if (cached) return { body: cached, contentType: CONTENT_TYPES[format], etag };
      }
      // Concurrent requests for one rendering share the work.
      let pending = inFlight.get(name);
      if (!pending) {
        pending = renderUncached(contentHash, format, size, name).finally(() => inFlight.delete(name));
        inFlight.set(name, pending);
      }
      return pending;
    },
  };
}
