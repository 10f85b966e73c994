// The shop's background worker: every outbox topic it handles, one line per module, each from
// the module that owns the topic (its index.ts): "messaging.email" and "messaging.sms"
// (modules/messaging), "backoffice.order" (modules/backoffice, reading orders through the
// orders module's orderForBackOffice), "alerts.event" and "alerts.push" (modules/alerts). A
// module that queues work adds its handlers here. The worker and its handlers use the
// database's worker connections, apart from the web requests' pool.
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { sendLiquorLicenceNotices } from "../accounts";
import { alertHandlers, queueMonthStatementAlerts } from "../alerts";
import { orderForBackOffice, releaseOverdueApprovals, releaseUnpaidOrders } from "../orders";
import { backOfficeHandlers } from "../backoffice";
import { pruneCartAddRequests } from "../cart";
import { pruneSearchMisses } from "../catalogue";
import { pruneLoginLockouts } from "../identity";
import { messagingHandlers } from "../messaging";
import type { OutboxHandlers } from "../../core/outbox";
import { createOutboxWorker, type OutboxLog, type OutboxWorkerOptions, type OutboxWorker } from "./outbox";

export function shopOutboxHandlers(config: Config, database: Database): OutboxHandlers {
  return {
    ...messagingHandlers(config, database.workerDb),
    ...backOfficeHandlers(config, database.workerDb, orderForBackOffice),
    ...alertHandlers(config, database.workerDb),
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
      pruneCartAddRequests,
      async (db) => void (await sendLiquorLicenceNotices(db)),
      async (db) => void (await releaseOverdueApprovals(db, config)),
      async (db) => void (await releaseUnpaidOrders(db)),
      async (db) => void (await queueMonthStatementAlerts(db)),
    ],
    ...(log ? { log } : {}),
    ...(onOutcome ? { onOutcome } : {}),
  });
}
