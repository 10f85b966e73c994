// Who changed what in the catalogue, and when (decision 144). The catalogue is one for every
// tenant's shop, so staff of one tenant change what all of them show; each change is written in
// the transaction that makes it, so none is made without its record, and staff of every tenant
// read the newest of them beside the editors (/manage and /manage/search).
import { sql } from "kysely";
import {
  CATALOGUE_CHANGES_SHOWN,
  type CatalogueChangeKind,
  type CatalogueChanges,
  type CatalogueChangesQuery,
} from "@trade-shop/contracts/catalogue";
import type { Db } from "../../db/database";

/** The login making a change, and the tenant it works in. */
export interface Editor {
  userId: number;
  username: string;
  tenantId: string;
}

export interface ChangeMade {
  kind: CatalogueChangeKind;
  skuCode: string | null;
  summary: string;
  before?: string | null;
  after?: string | null;
}

/** Keeps `change` as made by `editor`, with their name as it is now; call it inside the change's transaction. */
export async function recordChange(trx: Db, editor: Editor, change: ChangeMade): Promise<void> {
  await sql`
    INSERT INTO catalogue_changes (user_id, username, name, tenant_id, kind, sku_code, summary, before, after)
    SELECT u.id, ${editor.username}, COALESCE(trim(u.firstname || ' ' || u.lastname), ${editor.username}),
           ${editor.tenantId}, ${change.kind}, ${change.skuCode}, ${change.summary},
           ${change.before ?? null}, ${change.after ?? null}
      FROM (VALUES (${editor.userId}::integer)) AS editor (id)
      LEFT JOIN users u ON u.id = editor.id
  `.execute(trx);
}

/** The newest changes first, of one product or one kind when asked. */
export async function catalogueChanges(db: Db, query: CatalogueChangesQuery): Promise<CatalogueChanges> {
  let select = db
    .selectFrom("catalogueChanges")
    .select([
      "id",
      "changedAt",
      "username",
      "name",
      "tenantId",
      "kind",
      "skuCode",
      "summary",
      "before",
      "after",
    ])
    .orderBy("changedAt", "desc")
    .orderBy("id", "desc")
    .limit(CATALOGUE_CHANGES_SHOWN);
  if (query.skuCode !== undefined) select = select.where("skuCode", "=", query.skuCode);
  if (query.kind !== undefined) select = select.where("kind", "=", query.kind);
  const rows = await select.execute();
  return {
    changes: rows.map((row) => ({
      ...row,
      changedAt: row.changedAt.toISOString(),
      kind: row.kind as CatalogueChangeKind,
    })),
  };
}

/** "1 picture", "3 pictures". */
export const pictures = (count: number): string => `${count} ${count === 1 ? "picture" : "pictures"}`;
