// Status callbacks from the HTTP back office. The signature is checked on the raw body before
// anything else is read (routes.ts); then, in one transaction, the event id is recorded (a
// replay of an applied event changes nothing) and the status applied through status.ts.
import type { BackOfficeStatusCallback } from "@trade-shop/contracts/backoffice";
import type { SuccessEnvelope } from "@trade-shop/contracts/common";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import { checkSignature, type SignatureProblem, type SignedRequest } from "./signature";
import { applyStatusChange, lockOrder, refuseCancellation } from "./status";

const refusals: Record<SignatureProblem, string> = {
  missing: "The request is not signed.",
  malformed: "The request's signature or timestamp is malformed.",
  expired: "The request's timestamp is outside the allowed window.",
  mismatch: "The request's signature does not match.",
};

export function assertSignedCallback(
  secret: string | undefined,
  request: SignedRequest,
  windowSeconds: number,
) {
  if (!secret)
    throw new DomainError(
      "service_unavailable",
      "Status callbacks are not configured (BACKOFFICE_SECRET is unset).",
    );
  const problem = checkSignature(secret, request, {
    windowSeconds,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  if (problem) throw new DomainError("unauthenticated", refusals[problem]);
}

// Event ids only need keeping while a replay could still pass the timestamp check.
const EVENT_RETENTION = "1 day";

export async function applyStatusCallback(
  db: Db,
  callback: BackOfficeStatusCallback,
): Promise<SuccessEnvelope> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, { orderNumber: callback.orderId });
    if (!order) throw notFound(`There is no order ${callback.orderId}.`);
    const fresh = await trx
      .insertInto("backofficeCallbackEvents")
      .values({ eventId: callback.eventId, orderId: order.id, status: callback.status })
      .onConflict((oc) => oc.column("eventId").doNothing())
      .returning("eventId")
      .executeTakeFirst();
    if (!fresh) {
      return {
        success: true,
        message: `Event ${callback.eventId} was already applied.`,
        title: "Already applied",
      };
    }
    await sql`DELETE FROM backoffice_callback_events WHERE received_at < now() - ${EVENT_RETENTION}::interval`.execute(
      trx,
    );
    const outcome = await applyStatusChange(trx, order, {
      status: callback.status,
      reason: callback.reason,
      salesOrderNumber: callback.salesOrderNumber,
      invoiceNumber: callback.invoiceNumber,
      signedBy: callback.signedBy,
    });
    // Its answer to a cancellation the shop asked for: no (a yes comes as status Cancelled).
    if (callback.cancellationRefused) await refuseCancellation(trx, order.id, callback.cancellationRefused);
    const message =
      outcome === "changed"
        ? `Order ${order.orderId} is now ${callback.status}.`
        : outcome === "unchanged"
          ? `Order ${order.orderId} was already ${callback.status}.`
          : `Order ${order.orderId} is already past ${callback.status} (${order.status}); its status is unchanged.`;
    return { success: true, message, title: "Status received" };
  });
}
