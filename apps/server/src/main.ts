// Process entry: config -> database (migrated, demo data on first start) -> app -> listen.
// SIGINT/SIGTERM drain: not ready, stop taking requests, finish the ones in flight, give back
// the outbox claims still in hand, close the database, all within a bounded time.
import type { Lifecycle } from "./app-deps";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { ensureDemoData } from "./demo-data/startup";
import { migrate } from "./db/migrate";
import { createBackOfficeSimulator } from "./modules/backoffice";
import { resolveJwtSecret } from "./modules/identity";
import { createTokenService } from "./core/tokens";
import { createShopOutboxWorker, type OutboxLog } from "./modules/outbox";
import { createMetrics } from "./http/metrics";

async function main() {
  const config = loadConfig();
  let onConnectionLost = (error: Error) => console.warn(`database connection lost: ${error.message}`);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    workerPoolSize: config.OUTBOX_POOL_SIZE,
    timeouts: {
      connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    onConnectionLost: (error) => onConnectionLost(error),
  });
  // Migrations and the demo load may run longer than any request is allowed to.
  await database.withoutTimeouts((db) => migrate(db));
  const tokens = createTokenService(
    resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR),
    config.TOKEN_LIFETIME_HOURS,
  );
  const metrics = createMetrics({ database, processMetrics: true });
  const lifecycle: Lifecycle = { draining: false };
  let log: OutboxLog = {
    warn: (obj, msg) => console.warn(msg, obj),
    error: (obj, msg) => console.error(msg, obj),
  };
  const outbox = createShopOutboxWorker(
    config,
    database,
    { warn: (o, m) => log.warn(o, m), error: (o, m) => log.error(o, m) },
    metrics.outboxOutcome,
  );
  const app = await buildApp({ config, database, tokens, metrics, outbox, lifecycle });
  log = app.log;
  onConnectionLost = (error) =>
    app.log.warn({ err: error }, "database connection lost; it is discarded and replaced");
  // The simulated back office's clock: every process may run it (each step claims its order).
  const simulator =
    config.backOfficeMode === "simulator"
      ? createBackOfficeSimulator(database.workerDb, {
          stepMs: config.BACKOFFICE_SIMULATOR_STEP_MS,
          log: app.log,
        })
      : undefined;

  let deadline = Infinity;
  // After the HTTP server has finished its requests: the worker finishes the hand-offs in hand
  // (giving back the claims of any still running when time is up), then the database closes.
  app.addHook("onClose", async () => {
    await outbox.stop(Math.max(0, deadline - Date.now() - 500));
    await simulator?.stop();
    await database.close();
  });

  const demo = await database.withoutTimeouts((db) => ensureDemoData(db, config, app.log));

  // SIGTERM (a deploy, a scale-in): readiness answers 503 at once so the load balancer stops
  // sending requests; after SHUTDOWN_DELAY_MS the server stops accepting, ends the real-time
  // streams (browsers reconnect elsewhere), finishes the requests in flight, and exits, all
  // within SHUTDOWN_TIMEOUT_MS.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.draining = true;
    deadline = Date.now() + config.SHUTDOWN_TIMEOUT_MS;
    app.log.info(
      { signal, delayMs: config.SHUTDOWN_DELAY_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS },
      "draining",
    );
    const force = setTimeout(() => {
      app.log.error("shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting now");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    setTimeout(
      () => {
        app.close().then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, "error during shutdown");
            process.exit(1);
          },
        );
      },
      Math.min(config.SHUTDOWN_DELAY_MS, config.SHUTDOWN_TIMEOUT_MS / 2),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  await app.listen({ host: config.HOST, port: config.PORT });
  outbox.start();
  simulator?.start();
  if (config.backOfficeMode === "off") {
    app.log.warn(
      "BACKOFFICE_MODE is off: placed orders wait in the hand-off queue until a back office is configured",
    );
  }
  if (!config.demoMode && !config.SMTP_URL) {
    app.log.warn("SMTP_URL is not set: registration PINs and password-reset links cannot be e-mailed");
  }
  const where = config.DATABASE_URL
    ? "PostgreSQL (DATABASE_URL)"
    : `embedded PostgreSQL (PGlite) in ${config.DATA_DIR}`;
  console.info(`\nTrade Shop is running on ${config.publicUrl} — database: ${where}`);
  if (demo.loginsAvailable) {
    console.info(
      [
        "Demo logins (password Demo-Trade-2026):",
        "  trader  (Customer, CUS0001, liquor licensed)",
        "  spaza   (Customer, CUS0002, not liquor licensed)",
        "  staff   (Staff, NoImage)",
        "  admin   (Admin)",
        "  rep     (Rep, orders for coastal CUS0040-CUS0042)",
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
