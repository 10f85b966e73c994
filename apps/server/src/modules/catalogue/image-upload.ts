// Checks an uploaded image by what its bytes are, never by the type it claims, and re-encodes
// it with sharp: metadata (EXIF, GPS, comments) is dropped, orientation is applied, oversized
// pictures are scaled down, and an SVG becomes a PNG so no script can ever ride along.
import sharp from "sharp";
import { contentHash } from "./image-urls";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The longest side an original is kept at; the largest size served is 800 px. */
const MAX_STORED_SIDE = 2000;
/** Refuses decompression bombs before sharp allocates for them. */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageKind = "jpeg" | "png" | "webp" | "gif" | "svg";

function startsWith(bytes: Buffer, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image format the bytes are, by their magic numbers; null when they are no image we take. */
export function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  // SVG is text: an optional byte-order mark, XML declaration and comments, then an <svg> element.
  const head = bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const prologue = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i;
  if (prologue.test(head)) return "svg";
  return null;
}

/** Why an SVG may not be stored, or null when it draws only. */
export function unsafeSvgReason(svg: string): string | null {
  const rules: [RegExp, string][] = [
    [/<script[\s>/]/i, "it contains a script"],
    [/\son[a-z]+\s*=/i, "it contains event handlers"],
    [/<foreignObject[\s>/]/i, "it contains foreign objects"],
    [/<(?:iframe|embed|object|audio|video)[\s>/]/i, "it embeds other content"],
    [/<!(?:DOCTYPE|ENTITY)/i, "it declares entities"],
    [/javascript:/i, "it contains a script link"],
    // Only same-document references (href="#id", url(#id)) are allowed.
    [/\bhref\s*=\s*(?:"(?!#)|'(?!#)|(?!["'#]))/i, "it links to external resources"],
    [/url\(\s*(?:"(?!#)|'(?!#)|(?!["'#]))/i, "it links to external resources"],
    [/@import/i, "it imports external styles"],
  ];
  return rules.find(([pattern]) => pattern.test(svg))?.[1] ?? null;
}

/** The bytes of a base64 data URL, or null when it is not one. */
export function dataUrlBytes(src: string): Buffer | null {
  const match = /^data:[^,;]*(?:;[^,;]*)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(src);
  return match ? Buffer.from(match[1]!, "base64") : null;
}

export interface StoredImage {
  data: Buffer;
  mimeType: string;
  width: number;
  height: number;
  contentHash: string;
}

export class ImageRefused extends Error {}

/** Checks one upload and re-encodes it for storage; throws ImageRefused with the reason. */
export async function prepareUpload(bytes: Buffer): Promise<StoredImage> {
  if (bytes.length === 0) throw new ImageRefused("is empty");
  if (bytes.length > MAX_IMAGE_BYTES)
    throw new ImageRefused(`is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const kind = sniffImageKind(bytes);
  if (!kind) throw new ImageRefused("is not a JPEG, PNG, WebP or GIF image");
  if (kind === "svg") {
    const reason = unsafeSvgReason(bytes.toString("utf8"));
    if (reason) throw new ImageRefused(`is an SVG that cannot be accepted: ${reason}`);
  }

  const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: "error" })
    .rotate()
    .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true });
  const encoded =
    kind === "jpeg"
      ? { pipeline: pipeline.jpeg({ quality: 90, mozjpeg: true }), mimeType: "image/jpeg" }
      : kind === "webp"
        ? { pipeline: pipeline.webp({ quality: 90 }), mimeType: "image/webp" }
        : { pipeline: pipeline.png(), mimeType: "image/png" };
  try {
    const { data, info } = await encoded.pipeline.toBuffer({ resolveWithObject: true });
    return {
      data,
      mimeType: encoded.mimeType,
      width: info.width,
      height: info.height,
      contentHash: contentHash(data),
    };
  } catch {
    // sharp's message names libvips internals; the person uploading needs to know only this.
    throw new ImageRefused("could not be read as an image (the file may be damaged)");
  }
}
