import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../modules/identity";
import { openDatabase, type Database } from "../db/database";
import { migrate } from "../db/migrate";
import { DEMO_PASSWORD, generateDemoData, type DemoData } from "./generate";
import { isDatabaseEmpty, loadDemoData } from "./load";

// Its own fresh database rather than the seeded template: this file tests the loading itself.
describe("loadDemoData", () => {
  let database: Database;
  let data: DemoData;
  let emptyBefore: boolean;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await migrate(database.db);
    emptyBefore = await isDatabaseEmpty(database.db);
    data = generateDemoData();
    const started = performance.now();
    await loadDemoData(database.db, { data });
    console.info(
      `[demo data] ${data.tables.products.length} SKUs loaded into ${database.kind} in ${Math.round(performance.now() - started)} ms`,
    );
  });
  afterAll(() => database?.close());

  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    Number((await query.execute(database.db)).rows[0]?.n);

  it("tells an empty database from a loaded one", async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it("loads the catalogue: 3 000+ SKUs, 7 warehouses and stock of each SKU in each", async () => {
    const products = await count(sql`SELECT count(*) AS n FROM products`);
    expect(products).toBeGreaterThanOrEqual(3_000);
    expect(products).toBe(data.tables.products.length);
    expect(await count(sql`SELECT count(*) AS n FROM warehouses`)).toBe(7);
    expect(await count(sql`SELECT count(*) AS n FROM stock`)).toBe(products * 7);
    expect(await count(sql`SELECT count(*) AS n FROM product_extended_data`)).toBe(
      data.tables.productExtendedData.length,
    );
    expect(await count(sql`SELECT count(*) AS n FROM product_images WHERE is_cover`)).toBe(
      data.tables.productImages.length,
    );
  });

  it("stores images, extended data and decimals intact", async () => {
    const first = data.tables.productImages[0];
    const image = await database.db
      .selectFrom("productImages")
      .select(["data", "contentHash", "mimeType"])
      .where("skuCode", "=", first?.skuCode ?? "")
      .executeTakeFirstOrThrow();
    expect(Buffer.compare(image.data as Buffer, first?.data as Buffer)).toBe(0);
    expect(image.contentHash).toBe(first?.contentHash);
    const extended = data.tables.productExtendedData[0];
    const stored = await database.db
      .selectFrom("productExtendedData")
      .select("data")
      .where("skuCode", "=", extended?.skuCode ?? "")
      .executeTakeFirstOrThrow();
    expect(stored.data).toEqual(extended?.data);
    const deal = data.tables.deals.find((d) => !Number.isInteger(d.discountPercent));
    const storedDeal = await database.db
      .selectFrom("deals")
      .selectAll()
      .where("id", "=", deal?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(storedDeal.discountPercent).toBe(deal?.discountPercent);
    expect(storedDeal.startsAt.toISOString()).toBe(new Date(deal?.startsAt ?? 0).toISOString());
  });

  it("loads the five demo logins with the demo password", async () => {
    const users = await database.db
      .selectFrom("users")
      .select(["username", "passwordHash"])
      .orderBy("id")
      .execute();
    expect(users.map((u) => u.username)).toEqual(["trader", "spaza", "staff", "admin", "rep"]);
    expect(await verifyPassword(users[0]?.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(users[0]?.passwordHash, "not-the-password")).toBe(false);
    const staffRoles = await sql<{
      name: string;
    }>`SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
      JOIN users u ON u.id = ur.user_id WHERE u.username = 'staff' ORDER BY r.name`.execute(database.db);
    expect(staffRoles.rows.map((r) => r.name)).toEqual(["NoImage", "Staff"]);
  });

  it("loads orders in all 8 statuses whose totals are the sums of their lines", async () => {
    expect(await count(sql`SELECT count(DISTINCT current_pastel_status) AS n FROM orders`)).toBe(8);
    expect(
      await count(sql`SELECT count(*) AS n FROM orders o
        WHERE total_incl_cents <> (SELECT sum(total_incl_cents) FROM order_lines l WHERE l.order_id = o.id)
           OR total_excl_cents <> (SELECT sum(total_excl_cents) FROM order_lines l WHERE l.order_id = o.id)`),
    ).toBe(0);
  });

  it("moves every identity sequence past the loaded ids", async () => {
    const role = await database.db
      .insertInto("roles")
      .values({ name: "Auditor" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(role.id).toBe(data.tables.roles.length + 1);
    const history = await database.db
      .insertInto("orderStatusHistory")
      .values({ orderId: 1, status: "Delivered" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(history.id).toBe(data.tables.orderStatusHistory.length + 1);
  });

  it("records what it loaded in app_settings", async () => {
    const marker = await database.db
      .selectFrom("appSettings")
      .select("value")
      .where("key", "=", "demo")
      .executeTakeFirstOrThrow();
    expect(marker.value).toMatchObject({ version: 1, seed: data.seed, skuCount: data.skuCount });
  });

  it("loads all or nothing: a second load fails and changes nothing", async () => {
    const before = await count(sql`SELECT count(*) AS n FROM order_lines`);
    await expect(loadDemoData(database.db, { data })).rejects.toThrow();
    expect(await count(sql`SELECT count(*) AS n FROM order_lines`)).toBe(before);
    expect(await count(sql`SELECT count(*) AS n FROM app_settings WHERE key = 'demo'`)).toBe(1);
  });
});
