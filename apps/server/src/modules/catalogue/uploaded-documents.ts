// Documents people upload (a proof of payment, an applicant's ID or licence): what the file really
// is by its bytes, never the type it claims (a PDF's own signature, or the pictures this module
// reads for product images), at most 5 MB, a picture whose header reads as one; the name it is
// kept under and the name it is downloaded under. The files are served back as attachments only.
import sharp from "sharp";
import { invalid } from "../../core/domain-error";
import { dataUrlBytes, sniffImageKind, type ImageKind } from "./image-upload";

/** The largest document taken: 5 MB, as for product images. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** Refuses decompression bombs before sharp reads a picture's header. */
const MAX_INPUT_PIXELS = 40_000_000;

export type DocumentContentType = "application/pdf" | "image/jpeg" | "image/png" | "image/webp";

const PICTURES: Partial<Record<ImageKind, DocumentContentType>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

const EXTENSIONS: Record<DocumentContentType, string> = {
  "application/pdf": ".pdf",
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
};

const FILE_KINDS = "a PDF, or a JPEG, PNG or WebP picture";

/** What the bytes are, by their magic numbers; null when nothing a document may be. */
export function sniffDocumentType(bytes: Buffer): DocumentContentType | null {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  const picture = sniffImageKind(bytes);
  return picture ? (PICTURES[picture] ?? null) : null;
}

/**
 * The bytes of an uploaded document (a data URL) and what they really are. A refusal is a
 * validation problem on `field`, naming the document as `what` ("proof", "file").
 */
export async function readDocument(
  dataUrl: string,
  { field, what }: { field: string; what: string },
): Promise<{ bytes: Buffer; contentType: DocumentContentType }> {
  const bytes = dataUrlBytes(dataUrl);
  if (!bytes) throw invalid(field, `The ${what} could not be read: upload ${FILE_KINDS}.`);
  if (bytes.length === 0) throw invalid(field, `The ${what} is an empty file.`);
  if (bytes.length > MAX_DOCUMENT_BYTES)
    throw invalid(
      field,
      `The ${what} is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB: upload a smaller file or a clearer scan.`,
    );
  const contentType = sniffDocumentType(bytes);
  if (!contentType) throw invalid(field, `The ${what} is not ${FILE_KINDS}.`);
  if (contentType !== "application/pdf") {
    // The picture's header must read as one: a PNG signature before anything else is no picture.
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw new Error("no size");
    } catch {
      throw invalid(field, "The picture could not be read (the file may be damaged).");
    }
  }
  return { bytes, contentType };
}

/** The name as the uploader's computer had it, without folders and control characters. */
export function plainFileName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return base.slice(0, 120) || fallback;
}

/** The name a document is downloaded under: `prefix-` and its name, header-safe, ending as its real type does. */
export function documentDownloadName(prefix: string, fileName: string, contentType: string): string {
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, "_");
  const extension = EXTENSIONS[contentType as DocumentContentType] ?? "";
  const named = safe.toLowerCase().endsWith(extension) ? safe : `${safe}${extension}`;
  return `${prefix}-${named}`;
}
