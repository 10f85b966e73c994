// Process entry: config -> database (migrated, demo data on first start) -> app -> listen.
// SIGINT/SIGTERM stop taking requests, finish the ones in flight and close the database.
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { ensureDemoData } from "./demo-data/startup";
import { migrate } from "./db/migrate";
import { createBackOfficeSimulator } from "./modules/backoffice/simulator";
import { resolveJwtSecret } from "./modules/identity/secret";
import { createTokenService } from "./modules/identity/tokens";
import { createShopOutboxWorker } from "./modules/outbox/topics";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await migrate(database.db);
  const tokens = createTokenService(resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR), config.TOKEN_LIFETIME_HOURS);
  const app = await buildApp({ config, database, tokens });
  const outbox = createShopOutboxWorker(config, database, app.log);
  // The simulated back office's clock: every process may run it (each step claims its order).
  const simulator =
    config.backOfficeMode === "simulator"
      ? createBackOfficeSimulator(database.db, { stepMs: config.BACKOFFICE_SIMULATOR_STEP_MS, log: app.log })
      : undefined;
  // The worker and the simulator finish the work in hand before the database closes.
  app.addHook("onClose", async () => {
    await outbox.stop();
    await simulator?.stop();
    await database.close();
  });

  const demo = await ensureDemoData(database, config, app.log);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "error during shutdown");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  await app.listen({ host: config.HOST, port: config.PORT });
  outbox.start();
  simulator?.start();
  if (config.backOfficeMode === "off") {
    app.log.warn("BACKOFFICE_MODE is off: placed orders wait in the hand-off queue until a back office is configured");
  }
  if (!config.demoMode && !config.SMTP_URL) {
    app.log.warn("SMTP_URL is not set: registration PINs and password-reset links cannot be e-mailed");
  }
  const where = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PostgreSQL (PGlite) in ${config.DATA_DIR}`;
  console.info(`\nTrade Shop is running on ${config.publicUrl} — database: ${where}`);
  if (demo.loginsAvailable) {
    console.info(
      [
        "Demo logins (password Demo-Trade-2026):",
        "  trader  (Customer, CUS0001, liquor licensed)",
        "  spaza   (Customer, CUS0002, not liquor licensed)",
        "  staff   (Staff, NoImage)",
        "  admin   (Admin)",
        `Self-registration: account CUS0003 with e-mail newshop@demo.shop; sent mail at ${config.publicUrl}/dev/mailbox (demo mode, from this machine only)`,
        "",
      ].join("\n"),
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Trade Shop failed to start:", error);
  }
  process.exit(1);
});
