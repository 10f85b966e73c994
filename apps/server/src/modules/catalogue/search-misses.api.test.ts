// Searches that found nothing are kept 90 days, on both databases: the worker's housekeeping
// deletes older misses and notes and keeps the recent ones.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { pruneSearchMisses, SEARCH_MISSES_KEPT_DAYS } from "./search-misses";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("pruneSearchMisses", () => {
  it("deletes misses and notes older than the kept days and keeps the rest", async () => {
    const db = t.database.db;
    const days = [0, SEARCH_MISSES_KEPT_DAYS - 1, SEARCH_MISSES_KEPT_DAYS + 1, 400];
    for (const ago of days) {
      await sql`
        INSERT INTO search_misses (day, tenant_id, search_text)
        VALUES (current_date - ${ago}::int, 'gauteng', ${`prune test ${ago}`})
      `.execute(db);
      await sql`
        INSERT INTO search_requests (tenant_id, user_id, search_text, note, created_at)
        VALUES ('gauteng', NULL, ${`prune test ${ago}`}, NULL, now() - make_interval(days => ${ago}::int))
      `.execute(db);
    }
    await pruneSearchMisses(db);
    const left = async (table: "search_misses" | "search_requests") =>
      (
        await sql<{ searchText: string }>`
          SELECT search_text FROM ${sql.table(table)} WHERE search_text LIKE 'prune test %' ORDER BY search_text
        `.execute(db)
      ).rows.map((r) => r.searchText);
    const kept = days.filter((ago) => ago < SEARCH_MISSES_KEPT_DAYS).map((ago) => `prune test ${ago}`);
    expect(await left("search_misses")).toEqual([...kept].sort());
    expect(await left("search_requests")).toEqual([...kept].sort());
  });
});
