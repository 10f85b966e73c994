// The shop's background worker: every outbox topic it handles, one line per module. A module
// that queues work (the order hand-off, say) adds its handlers here.
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { backOfficeHandlers } from "../backoffice/adapter";
import { pruneLoginLockouts } from "../identity/queries";
import { messagingHandlers } from "../messaging/delivery";
import { createOutboxWorker, type OutboxHandlers, type OutboxLog, type OutboxWorker } from "./outbox";

export function shopOutboxHandlers(config: Config, database: Database): OutboxHandlers {
  return {
    ...messagingHandlers(config, database.db),
    ...backOfficeHandlers(config, database.db),
  };
}

export function createShopOutboxWorker(config: Config, database: Database, log?: OutboxLog): OutboxWorker {
  return createOutboxWorker(database.db, {
    handlers: shopOutboxHandlers(config, database),
    pollMs: config.OUTBOX_POLL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    housekeeping: [pruneLoginLockouts],
    ...(log ? { log } : {}),
  });
}
