// What staff change on a product: its images, which image is the cover, and its description.
// Uploads are checked and re-encoded before anything is written; a refused file refuses the
// whole upload, naming each bad file.
import { sql } from "kysely";
import type {
  AssignCoverImageCommand,
  Product,
  UpdateDescriptionCommand,
  UploadProductImagesCommand,
} from "@trade-shop/contracts/catalogue";
import type { SuccessEnvelope } from "@trade-shop/contracts/common";
import type { Db } from "../../db/database";
import { DomainError, invalid, notFound, type FieldErrors } from "../../shared/domain-error";
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
  uploadedBy: string,
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
          createdBy: uploadedBy,
        })
        .execute();
      needsCover = false;
    }
  });
  return { success: true, message: UPLOADED, title: "Product Images" };
}

export async function assignCoverImage(db: Db, command: AssignCoverImageCommand): Promise<SuccessEnvelope> {
  const chosen = command.src[command.mainImageIndex]!;
  const contentHash = contentHashOf(chosen);
  if (!contentHash) throw invalid("src", "Choose one of the product's images as shown on its page.");
  await requireProduct(db, command.skuCode);
  await db.transaction().execute(async (trx) => {
    const image = await trx
      .selectFrom("productImages")
      .select("id")
      .where("skuCode", "=", command.skuCode)
      .where("contentHash", "=", contentHash)
      .orderBy("position")
      .executeTakeFirst();
    if (!image) throw notFound("That image is not one of this product's images.");
    // One cover per product (a unique index): the old one steps down first.
    await trx
      .updateTable("productImages")
      .set({ isCover: false })
      .where("skuCode", "=", command.skuCode)
      .where("isCover", "=", true)
      .execute();
    await trx.updateTable("productImages").set({ isCover: true }).where("id", "=", image.id).execute();
  });
  return { success: true, message: COVER_SET, title: "Cover Image" };
}

/** The description is stored as typed: it is text, and every page shows it as text. */
export async function updateDescription(
  db: Db,
  shopper: Shopper,
  command: UpdateDescriptionCommand,
): Promise<Product> {
  const updated = await db
    .updateTable("products")
    .set({ description: command.updatedDescription, updatedAt: new Date() })
    .where("skuCode", "=", command.skuCode)
    .returning("skuCode")
    .executeTakeFirst();
  if (!updated) throw notFound(`There is no product with the code ${command.skuCode}.`);
  return productBySkuCode(db, shopper, command.skuCode);
}
