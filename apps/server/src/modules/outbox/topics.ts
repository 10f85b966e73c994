// The shop's background worker: every outbox topic it handles, one line per module. A module
// that queues work (the order hand-off, say) adds its handlers here. The worker and its
// handlers use the database's worker connections, apart from the web requests' pool.
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { sendLiquorLicenceNotices } from "../accounts/liquor-licence";
import { releaseOverdueApprovals } from "../orders/approvals";
import { backOfficeHandlers } from "../backoffice/adapter";
import { pruneSearchMisses } from "../catalogue/search-misses";
import { pruneLoginLockouts } from "../identity/queries";
import { messagingHandlers } from "../messaging/delivery";
import {
  createOutboxWorker,
  type OutboxHandlers,
  type OutboxLog,
  type OutboxWorkerOptions,
  type OutboxWorker,
} from "./outbox";

export function shopOutboxHandlers(config: Config, database: Database): OutboxHandlers {
  return {
    ...messagingHandlers(config, database.workerDb),
    ...backOfficeHandlers(config, database.workerDb),
  };
}

export function createShopOutboxWorker(
  config: Config,
  database: Database,
  log?: OutboxLog,
  onOutcome?: OutboxWorkerOptions["onOutcome"],
): OutboxWorker {
  return createOutboxWorker(database.workerDb, {
    handlers: shopOutboxHandlers(config, database),
    pollMs: config.OUTBOX_POLL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    concurrency: config.OUTBOX_CONCURRENCY,
    leaseMs: config.OUTBOX_LEASE_MS,
    housekeeping: [
      pruneLoginLockouts,
      pruneSearchMisses,
      async (db) => void (await sendLiquorLicenceNotices(db)),
      async (db) => void (await releaseOverdueApprovals(db, config)),
    ],
    ...(log ? { log } : {}),
    ...(onOutcome ? { onOutcome } : {}),
  });
}
