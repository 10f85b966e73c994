// The HTTP back office: each order is POSTed as JSON (contracts' BackOfficeHandOff) to
// BACKOFFICE_URL, signed with BACKOFFICE_SECRET and carrying `Idempotency-Key: order:<id>`,
// the same key on every retry, so the back office can refuse to make a second sales order.
// Any 2xx means it has the order; anything else (or no answer in time) is thrown for the outbox
// to retry, as the far side's failure (RemoteFailure): a "not now" (503, 429, 502, 504, a refused
// connection) soon and without counting an attempt, anything else with the usual backoff.
// Status changes come back later through the signed callback (callback.ts).
import {
  BACKOFFICE_SIGNATURE_HEADER,
  BACKOFFICE_TIMESTAMP_HEADER,
  BackOfficeHandOffAnswer,
  type BackOfficeHandOff,
  type BackOfficePayment,
} from "@trade-shop/contracts/backoffice";
import type { Db } from "../../db/database";
import { RemoteFailure } from "../../core/outbox";
import type { BackOfficeAccount, BackOfficeAdapter, ReadOrder } from "./back-office";
import { signBody } from "./signature";
import { applyStatusChange, judgeTransition, lockOrder } from "./status";

export interface HttpBackOfficeOptions {
  url: string;
  secret: string;
  timeoutMs: number;
  callbackUrl: string;
  /** The order to send, as the contract's Order. */
  readOrder: ReadOrder;
}

/** The back office's "not now": it is down, overloaded or restarting, and will be back. */
const NOT_NOW = new Set([429, 502, 503, 504]);

/** Why a request failed, in words an operator can act on (fetch only says "fetch failed"). */
function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return "no answer in time";
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

function salesOrderNumberIn(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined; // an answer that is not JSON (or empty) names no sales order
  }
  const answer = BackOfficeHandOffAnswer.safeParse(json);
  return answer.success ? answer.data.salesOrderNumber : undefined;
}

export function createHttpBackOffice(db: Db, options: HttpBackOfficeOptions): BackOfficeAdapter {
  /**
   * POSTs `body` signed, with its idempotency key; resolves with the answer's text on a 2xx and
   * throws (for the outbox to try again) on anything else or no answer in time.
   */
  async function postSigned(url: string, body: string, idempotencyKey: string): Promise<string> {
    const timestamp = Math.floor(Date.now() / 1000);
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "idempotency-key": idempotencyKey,
          [BACKOFFICE_TIMESTAMP_HEADER]: String(timestamp),
          [BACKOFFICE_SIGNATURE_HEADER]: signBody(options.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const why = describeFailure(error);
      throw new RemoteFailure(
        `Back office unreachable at ${new URL(url).origin}: ${why}`,
        why === "ECONNREFUSED",
        {
          cause: error,
        },
      );
    }
    const text = await response.text();
    if (!response.ok) {
      throw new RemoteFailure(
        `Back office answered ${response.status}${text ? `: ${text.slice(0, 300)}` : ""}`,
        NOT_NOW.has(response.status),
      );
    }
    return text;
  }

  async function handOver(orderId: number, idempotencyKey: string) {
    const order = await options.readOrder(db, orderId);
    if (!order) throw new Error(`Order ${orderId} does not exist`);
    const body = JSON.stringify({
      idempotencyKey,
      callbackUrl: options.callbackUrl,
      order,
    } satisfies BackOfficeHandOff);
    const text = await postSigned(options.url, body, idempotencyKey);
    // The back office has the order now, so nothing below may throw for a retry. A sales order
    // number in the answer is applied at once; without one the callback brings it.
    const salesOrderNumber = salesOrderNumberIn(text);
    if (!salesOrderNumber) return;
    await db.transaction().execute(async (trx) => {
      const locked = await lockOrder(trx, { id: orderId });
      if (locked && judgeTransition(locked.status, "Submitted") !== "refused") {
        await applyStatusChange(trx, locked, { status: "Submitted", salesOrderNumber });
      }
    });
  }

  /** POST {BACKOFFICE_URL}/cancellations, signed as a hand-off; the callback brings its answer. */
  async function requestCancellation(orderId: number, reason: string, idempotencyKey: string) {
    const order = await options.readOrder(db, orderId);
    if (!order) throw new Error(`Order ${orderId} does not exist`);
    const body = JSON.stringify({
      idempotencyKey,
      callbackUrl: options.callbackUrl,
      orderId: order.orderId,
      reason,
    });
    await postSigned(`${options.url.replace(/\/+$/, "")}/cancellations`, body, idempotencyKey);
  }

  /** POST {BACKOFFICE_URL}/payments, signed as a hand-off. */
  async function reportPayment(payment: BackOfficePayment) {
    const body = JSON.stringify(payment satisfies BackOfficePayment);
    await postSigned(`${options.url.replace(/\/+$/, "")}/payments`, body, payment.idempotencyKey);
  }

  /** POST {BACKOFFICE_URL}/accounts, signed as a hand-off. */
  async function reportAccount(account: BackOfficeAccount) {
    const body = JSON.stringify(account satisfies BackOfficeAccount);
    await postSigned(`${options.url.replace(/\/+$/, "")}/accounts`, body, account.idempotencyKey);
  }

  return { name: "http", handOver, requestCancellation, reportPayment, reportAccount };
}
