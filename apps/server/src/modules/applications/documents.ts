// An application's documents (ID, proof of address, company registration, liquor licence): what
// an upload really is by its bytes (the catalogue's reading of pictures, a PDF's own signature),
// at most 5 MB each, and the file served back only to whoever may see the application.
import type { DocumentKind, DocumentUpload } from "@trade-shop/contracts/applications";
import type { Db } from "../../db/database";
import { invalid, notFound } from "../../core/domain-error";
import { documentDownloadName, plainFileName, readDocument, type DocumentContentType } from "../catalogue";

/** The most documents one application holds, whenever they were added. */
export const MAX_DOCUMENTS = 24;

/** A document checked and ready to store. */
export interface CheckedDocument {
  kind: DocumentKind;
  fileName: string;
  contentType: DocumentContentType;
  bytes: Buffer;
}

async function checkDocument(upload: DocumentUpload, field: string): Promise<CheckedDocument> {
  const { bytes, contentType } = await readDocument(upload.file, { field, what: "file" });
  return { kind: upload.kind, fileName: plainFileName(upload.fileName, "document"), contentType, bytes };
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
    fileName: documentDownloadName(`${row.reference}-${row.id}`, row.fileName, row.contentType),
  };
}
