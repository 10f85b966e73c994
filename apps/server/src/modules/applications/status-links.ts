// The applicant's secret status links (/apply/status?token=…, decision 156): a random 32-byte
// token whose SHA-256 alone is kept, so the shop can recognise a link but never write one out
// again. Each e-mail that needs a link gets a new one; all of an application's links stay valid.
import { createHash, randomBytes } from "node:crypto";
import { appRoutes } from "@trade-shop/contracts/routes";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { notFound } from "../../core/domain-error";

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new status link of the application: its token (to hand over once) and its address. */
export async function newStatusLink(
  trx: Db,
  config: Pick<Config, "publicUrl">,
  applicationId: number,
): Promise<{ token: string; link: string }> {
  const token = randomBytes(32).toString("base64url");
  await trx
    .insertInto("applicationStatusTokens")
    .values({ tokenHash: tokenHash(token), applicationId })
    .execute();
  return { token, link: `${config.publicUrl}${appRoutes.applyStatus}?token=${token}` };
}

const noSuchLink = () =>
  notFound("There is no application for this link. Open the link from our e-mail again, whole.");

/** The application a status link is for; a missing or unknown token is not found. */
export async function applicationIdOfToken(db: Db, token: string | undefined): Promise<number> {
  // A token is 43 characters of base64url; anything else names no application.
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw noSuchLink();
  const row = await db
    .selectFrom("applicationStatusTokens")
    .select("applicationId")
    .where("tokenHash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row) throw noSuchLink();
  return row.applicationId;
}
