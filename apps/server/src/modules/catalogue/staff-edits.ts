// What staff change on a product: its images, which image is the cover, and its description.
// Uploads are checked and re-encoded before anything is written; a refused file refuses the
// whole upload, naming each bad file. Each change is kept with who made it (catalogue-changes.ts).
import { sql } from "kysely";
import type {
  AssignCoverImageCommand,
  Product,
  UpdateDescriptionCommand,
  UploadProductImagesCommand,
} from "@trade-shop/contracts/catalogue";
import type { SuccessEnvelope } from "@trade-shop/contracts/common";
import type { Db } from "../../db/database";
import { DomainError, invalid, notFound, type FieldErrors } from "../../core/domain-error";
import { pictures, recordChange, type Editor } from "./catalogue-changes";
import { dataUrlBytes, ImageRefused, prepareUpload, type StoredImage } from "./image-upload";
import { contentHashOf } from "./image-urls";
import type { Shopper } from "./product-queries";
import { productBySkuCode } from "./products";

// docs/behaviour.md's success messages.
export const UPLOADED = "Files uploaded successfully";
export const COVER_SET = "Cover Image set successfully";

async function requireProduct(db: Db, skuCode: string) {
  const product = await db
    .selectFrom("products")
    .select("skuCode")
    .where("skuCode", "=", skuCode)
    .executeTakeFirst();
  if (!product) throw notFound(`There is no product with the code ${skuCode}.`);
}

async function prepareAll(sources: readonly string[]): Promise<StoredImage[]> {
  const errors: FieldErrors = {};
  const prepared: StoredImage[] = [];
  for (const [i, src] of sources.entries()) {
    const field = `src.${i}`;
    const bytes = dataUrlBytes(src);
    if (!bytes) {
      errors[field] = [`File ${i + 1} is not a base64 data URL`];
      continue;
    }
    try {
      prepared.push(await prepareUpload(bytes));
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      errors[field] = [`File ${i + 1} ${error.message}`];
    }
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const first = errors[fields[0]!]![0]!;
    throw new DomainError(
      "validation",
      fields.length === 1 ? first : `${fields.length} files cannot be uploaded.`,
      { errors },
    );
  }
  return prepared;
}

export async function uploadProductImages(
  db: Db,
  editor: Editor,
  command: UploadProductImagesCommand,
): Promise<SuccessEnvelope> {
  await requireProduct(db, command.skuCode);
  const images = await prepareAll(command.src);
  await db.transaction().execute(async (trx) => {
    // The product row lock makes concurrent uploads to one product take turns for positions.
    await sql`SELECT 1 FROM products WHERE sku_code = ${command.skuCode} FOR UPDATE`.execute(trx);
    const existing = await trx
      .selectFrom("productImages")
      .select(["contentHash", "position", "isCover"])
      .where("skuCode", "=", command.skuCode)
      .execute();
    const known = new Set(existing.map((i) => i.contentHash));
    let position = existing.reduce((max, i) => Math.max(max, i.position + 1), 0);
    let needsCover = !existing.some((i) => i.isCover);
    let added = 0;
    for (const image of images) {
      // The same picture twice on one product is one image.
      if (known.has(image.contentHash)) continue;
      known.add(image.contentHash);
      await trx
        .insertInto("productImages")
        .values({
          skuCode: command.skuCode,
          position: position++,
          isCover: needsCover,
          contentHash: image.contentHash,
          mimeType: image.mimeType,
          width: image.width,
          height: image.height,
          data: image.data,
          createdBy: editor.username,
        })
        .execute();
      needsCover = false;
      added++;
    }
    if (added > 0)
      await recordChange(trx, editor, {
        kind: "images_added",
        skuCode: command.skuCode,
        summary: `Added ${pictures(added)}`,
      });
  });
  return { success: true, message: UPLOADED, title: "Product Images" };
}

export async function assignCoverImage(
  db: Db,
  editor: Editor,
  command: AssignCoverImageCommand,
): Promise<SuccessEnvelope> {
  const chosen = command.src[command.mainImageIndex]!;
  const contentHash = contentHashOf(chosen);
  if (!contentHash) throw invalid("src", "Choose one of the product's images as shown on its page.");
  await requireProduct(db, command.skuCode);
  await db.transaction().execute(async (trx) => {
    const image = await trx
      .selectFrom("productImages")
      .select(["id", "isCover"])
      .where("skuCode", "=", command.skuCode)
      .where("contentHash", "=", contentHash)
      .orderBy("position")
      .executeTakeFirst();
    if (!image) throw notFound("That image is not one of this product's images.");
    if (image.isCover) return;
    // One cover per product (a unique index): the old one steps down first.
    await trx
      .updateTable("productImages")
      .set({ isCover: false })
      .where("skuCode", "=", command.skuCode)
      .where("isCover", "=", true)
      .execute();
    await trx.updateTable("productImages").set({ isCover: true }).where("id", "=", image.id).execute();
    await recordChange(trx, editor, {
      kind: "cover_chosen",
      skuCode: command.skuCode,
      summary: `Chose picture ${command.mainImageIndex + 1} as the cover`,
    });
  });
  return { success: true, message: COVER_SET, title: "Cover Image" };
}

/** The description is stored as typed: it is text, and every page shows it as text. */
export async function updateDescription(
  db: Db,
  editor: Editor,
  shopper: Shopper,
  command: UpdateDescriptionCommand,
): Promise<Product> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("products")
      .select("description")
      .where("skuCode", "=", command.skuCode)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(`There is no product with the code ${command.skuCode}.`);
    if (current.description === command.updatedDescription) return;
    await trx
      .updateTable("products")
      .set({ description: command.updatedDescription, updatedAt: new Date() })
      .where("skuCode", "=", command.skuCode)
      .execute();
    await recordChange(trx, editor, {
      kind: "description_changed",
      skuCode: command.skuCode,
      summary: "Changed the description",
      before: current.description,
      after: command.updatedDescription,
    });
  });
  return productBySkuCode(db, shopper, command.skuCode);
}
