// What a back office is to the shop: somewhere an order is handed over, at least once and never
// twice as a sales order. adapter.ts picks the implementation (simulator or HTTP).
import type { BackOfficePayment } from "@trade-shop/contracts/backoffice";
import type { Order } from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";

/**
 * Reads an order in the contracts' shape, the body of an HTTP hand-off: the orders module's
 * (orderForBackOffice), handed in by the outbox's roster, as orders imports this module.
 */
export type ReadOrder = (db: Db, orderId: number) => Promise<Order | undefined>;

export interface BackOfficeAdapter {
  readonly name: "simulator" | "http";
  /**
   * Hands one order over. Resolving means the back office has it; throwing means "try again
   * later" (the outbox retries with backoff, then parks it with the error). It may be called
   * more than once for one order, and a repeat must never make a second sales order.
   */
  handOver(orderId: number, idempotencyKey: string): Promise<void>;
  /**
   * Asks the back office to cancel an order it has. Resolving means it has the request; it
   * decides later, by a status callback (Cancelled, or `cancellationRefused`). Repeats carry the
   * same key and must not matter.
   */
  requestCancellation(orderId: number, reason: string, idempotencyKey: string): Promise<void>;
  /**
   * Tells the back office of a payment the shop took (already on the shop's ledger). Repeats
   * carry the same key and must book it once.
   */
  reportPayment(payment: BackOfficePayment): Promise<void>;
}
