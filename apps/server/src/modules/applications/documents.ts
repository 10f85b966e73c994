// An application's documents (ID, proof of address, company registration, liquor licence): what
// an upload really is by its bytes (the catalogue's reading of pictures, a PDF's own signature),
// at most 5 MB each, and the file served back only to whoever may see the application.
import sharp from "sharp";
import type { DocumentKind, DocumentUpload } from "@trade-shop/contracts/applications";
import type { Db } from "../../db/database";
import { invalid, notFound } from "../../core/domain-error";
import { dataUrlBytes, sniffImageKind, type ImageKind } from "../catalogue";

/** The largest document taken: 5 MB, as for product images and proofs of payment. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** The most documents one application holds, whenever they were added. */
export const MAX_DOCUMENTS = 24;
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

/** A document checked and ready to store. */
export interface CheckedDocument {
  kind: DocumentKind;
  fileName: string;
  contentType: DocumentContentType;
  bytes: Buffer;
}

/** What the bytes are, by their magic numbers; null when nothing a document may be. */
function sniffDocumentType(bytes: Buffer): DocumentContentType | null {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  const picture = sniffImageKind(bytes);
  return picture ? (PICTURES[picture] ?? null) : null;
}

/** The name as the applicant's computer had it, without folders and control characters. */
function plainFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return base.slice(0, 120) || "document";
}

async function checkDocument(upload: DocumentUpload, field: string): Promise<CheckedDocument> {
  const bytes = dataUrlBytes(upload.file);
  if (!bytes) throw invalid(field, `The file could not be read: upload ${FILE_KINDS}.`);
  if (bytes.length === 0) throw invalid(field, "The file is empty.");
  if (bytes.length > MAX_DOCUMENT_BYTES)
    throw invalid(
      field,
      `The file is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB: upload a smaller file or a clearer scan.`,
    );
  const contentType = sniffDocumentType(bytes);
  if (!contentType) throw invalid(field, `The file is not ${FILE_KINDS}.`);
  if (contentType !== "application/pdf") {
    // The picture's header must read as one: a PNG signature before anything else is no picture.
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw new Error("no size");
    } catch {
      throw invalid(field, "The picture could not be read (the file may be damaged).");
    }
  }
  return { kind: upload.kind, fileName: plainFileName(upload.fileName), contentType, bytes };
}

/**
 * Every upload checked before anything is stored; the first refusal names its field as the
 * request spells it (`documents.2.file`).
 */
export async function checkDocuments(uploads: readonly DocumentUpload[]): Promise<CheckedDocument[]> {
  const checked: CheckedDocument[] = [];
  for (const [index, upload] of uploads.entries())
    checked.push(await checkDocument(upload, `documents.${index}.file`));
  return checked;
}

export async function storeDocuments(trx: Db, applicationId: number, documents: readonly CheckedDocument[]) {
  if (documents.length === 0) return;
  const { count } = await trx
    .selectFrom("applicationDocuments")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("applicationId", "=", applicationId)
    .executeTakeFirstOrThrow();
  if (Number(count) + documents.length > MAX_DOCUMENTS)
    throw invalid("documents", `An application holds at most ${MAX_DOCUMENTS} documents.`);
  await trx
    .insertInto("applicationDocuments")
    .values(
      documents.map((d) => ({
        applicationId,
        kind: d.kind,
        fileName: d.fileName,
        contentType: d.contentType,
        fileBytes: d.bytes,
      })),
    )
    .execute();
}

/** The name the file is downloaded under: header-safe, and ending as its real type does. */
function downloadName(reference: string, id: number, fileName: string, contentType: string): string {
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, "_");
  const extension = EXTENSIONS[contentType as DocumentContentType] ?? "";
  const named = safe.toLowerCase().endsWith(extension) ? safe : `${safe}${extension}`;
  return `${reference}-${id}-${named}`;
}

/**
 * A document of an application the caller may see (by its status link, or staff of its
 * tenant); any other is not found, so nothing is told of whether it exists.
 */
export async function documentFile(
  db: Db,
  scope: { applicationId: number; tenantId?: string },
  documentId: number,
) {
  let query = db
    .selectFrom("applicationDocuments as d")
    .innerJoin("accountApplications as a", "a.id", "d.applicationId")
    .select(["d.id", "d.fileName", "d.contentType", "d.fileBytes", "a.reference"])
    .where("d.id", "=", documentId)
    .where("d.applicationId", "=", scope.applicationId);
  if (scope.tenantId !== undefined) query = query.where("a.tenantId", "=", scope.tenantId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(`There is no document ${documentId} on this application.`);
  return {
    bytes: Buffer.from(row.fileBytes),
    contentType: row.contentType,
    fileName: downloadName(row.reference, row.id, row.fileName, row.contentType),
  };
}
