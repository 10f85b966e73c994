// Decides at start whether to load the demo catalogue: on the first start of an empty
// embedded database (DEMO_DATA=auto), whenever the database is empty (always), or never.
// A database named by DATABASE_URL is never filled with demo data unless asked.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { isDatabaseEmpty, loadDemoData } from "./load";

export async function ensureDemoData(
  db: Db,
  config: Pick<Config, "DEMO_DATA" | "DATABASE_URL">,
  log: FastifyBaseLogger,
): Promise<{ loginsAvailable: boolean }> {
  if (await isDatabaseEmpty(db)) {
    const wanted = config.DEMO_DATA === "always" || (config.DEMO_DATA === "auto" && !config.DATABASE_URL);
    if (!wanted) {
      log.info("database is empty; demo data not loaded (DEMO_DATA=%s)", config.DEMO_DATA);
      return { loginsAvailable: false };
    }
    const started = performance.now();
    await loadDemoData(db);
    log.info({ ms: Math.round(performance.now() - started) }, "demo data loaded");
  }
  const marker = await db
    .selectFrom("appSettings")
    .select("key")
    .where("key", "=", "demo")
    .executeTakeFirst();
  return { loginsAvailable: marker !== undefined };
}
