// The back office behind one interface, fed by the outbox topic "backoffice.order" that order
// placement queues (hand-offs.ts). BACKOFFICE_MODE picks the built-in simulator, the HTTP adapter, or none
// ("off": the hand-offs wait in the outbox until a process that has a back office takes them).
import { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { OutboxHandlers } from "../../core/outbox";
import { BackOfficePayment } from "@trade-shop/contracts/backoffice";
import { ACCOUNT_TOPIC, BACKOFFICE_TOPIC, CANCEL_TOPIC, PAYMENT_TOPIC } from "./hand-offs";
import { createHttpBackOffice } from "./http-adapter";
import { BackOfficeAccount, type BackOfficeAdapter, type ReadOrder } from "./back-office";
import { createBackOfficeSimulator } from "./simulator";

/** The outbox payload placement writes. */
export const HandOffPayload = z.object({ orderId: z.number().int().positive() });
/** The outbox payload a cancellation request writes. */
export const CancellationPayload = HandOffPayload.extend({ reason: z.string() });

export type BackOfficeConfig = Pick<
  Config,
  | "backOfficeMode"
  | "BACKOFFICE_URL"
  | "BACKOFFICE_SECRET"
  | "BACKOFFICE_TIMEOUT_MS"
  | "BACKOFFICE_SIMULATOR_STEP_MS"
  | "publicUrl"
>;

export function createBackOffice(
  config: BackOfficeConfig,
  db: Db,
  readOrder: ReadOrder,
): BackOfficeAdapter | undefined {
  switch (config.backOfficeMode) {
    case "simulator":
      return createBackOfficeSimulator(db, { stepMs: config.BACKOFFICE_SIMULATOR_STEP_MS });
    case "http":
      return createHttpBackOffice(db, {
        url: config.BACKOFFICE_URL!,
        secret: config.BACKOFFICE_SECRET!,
        timeoutMs: config.BACKOFFICE_TIMEOUT_MS,
        callbackUrl: `${config.publicUrl}/api/BackOffice/StatusCallback`,
        readOrder,
      });
    case "off":
      return undefined;
  }
}

/**
 * The handler of the hand-off topic. No handler without a back office: the outbox then leaves
 * the topic for another process. `readOrder` is the orders module's (see ReadOrder).
 */
export function backOfficeHandlers(config: BackOfficeConfig, db: Db, readOrder: ReadOrder): OutboxHandlers {
  const backOffice = createBackOffice(config, db, readOrder);
  if (!backOffice) return {};
  return {
    [BACKOFFICE_TOPIC]: (job) =>
      backOffice.handOver(HandOffPayload.parse(job.payload).orderId, job.idempotencyKey),
    [CANCEL_TOPIC]: (job) => {
      const { orderId, reason } = CancellationPayload.parse(job.payload);
      return backOffice.requestCancellation(orderId, reason, job.idempotencyKey);
    },
    [PAYMENT_TOPIC]: (job) => backOffice.reportPayment(BackOfficePayment.parse(job.payload)),
    [ACCOUNT_TOPIC]: (job) => backOffice.reportAccount(BackOfficeAccount.parse(job.payload)),
  };
}
