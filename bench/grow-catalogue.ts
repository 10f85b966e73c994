// Grows a demo database to a large catalogue in a few statements: copies of the demo's
// products under new SKU codes (with a pack word so texts differ), their stock in every
// warehouse and a price in every price list. Products go in through the normal triggers
// (search vectors, vocabulary) already knowing where they are stocked, so no product row is
// rewritten afterwards (as a shop's real stock flips would not rewrite them all at once);
// stock and prices skip foreign-key checks and triggers, and a final refresh checks it all.
import { sql, type RawBuilder } from "kysely";
import type { Db } from "../apps/server/src/db/database";

/** A made-up but repeatable quantity: about one warehouse in ten has none. */
function onHand(sku: RawBuilder<unknown>, warehouse: RawBuilder<unknown>) {
  return sql`CASE WHEN abs(hashtext(${sku} || ${warehouse})) % 10 = 0 THEN 0 ELSE abs(hashtext(${warehouse} || ${sku})) % 400 END`;
}

export async function growCatalogue(db: Db, target: number): Promise<number> {
  await db.connection().execute(async (conn) => {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM products`.execute(conn);
    const existing = rows[0]!.n;
    if (existing >= target) return;
    const copies = Math.ceil((target - existing) / existing);
    await sql`
      INSERT INTO products (sku_code, category, sub_category, sub_category2, sub_category3, brand_id, description,
                            pack_size, capacity, rt_category, is_liquor, is_new, is_featured, vat_rate, list_price_cents,
                            active, created_at, updated_at, stocked_in)
      SELECT c.*, ARRAY(SELECT w.code FROM warehouses w WHERE ${onHand(sql`c.sku_code`, sql`w.code`)} > 0 ORDER BY w.code)
        FROM (
      SELECT p.sku_code || '-' || g AS sku_code, p.category, p.sub_category, p.sub_category2, p.sub_category3, p.brand_id,
             p.description || ' ' || (ARRAY['Value','Family','Party','Mini','Jumbo','Classic','Select','Export'])[1 + g % 8] || ' Pack ' || g,
             p.pack_size, p.capacity, p.rt_category, p.is_liquor, g % 50 = 0, g % 40 = 0, p.vat_rate, p.list_price_cents + g % 97,
             p.active, p.created_at - make_interval(hours => g), p.updated_at
        FROM products p CROSS JOIN generate_series(1, ${copies}) AS g
       ORDER BY g, p.sku_code
       LIMIT ${target - existing}) c`.execute(conn);
    await sql`SET session_replication_role = replica`.execute(conn);
    try {
      await sql`
        INSERT INTO stock (sku_code, warehouse_code, on_hand)
        SELECT p.sku_code, w.code, ${onHand(sql`p.sku_code`, sql`w.code`)}
          FROM products p CROSS JOIN warehouses w
         WHERE NOT EXISTS (SELECT 1 FROM stock s WHERE s.sku_code = p.sku_code)`.execute(conn);
      await sql`
        INSERT INTO price_list_prices (price_list_id, sku_code, list_price_cents)
        SELECT pl.id, p.sku_code, p.list_price_cents * (88 + pl.id % 12) / 100
          FROM products p CROSS JOIN price_lists pl
         WHERE NOT EXISTS (SELECT 1 FROM price_list_prices x WHERE x.sku_code = p.sku_code)`.execute(conn);
    } finally {
      await sql`SET session_replication_role = DEFAULT`.execute(conn);
    }
    await sql`SELECT products_refresh_stocked_in(ARRAY(SELECT sku_code FROM products))`.execute(conn);
  });
  await sql`VACUUM ANALYZE`.execute(db);
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM products`.execute(db);
  return rows[0]!.n;
}
