// What a back office is to the shop: somewhere an order is handed over, at least once and never
// twice as a sales order. adapter.ts picks the implementation (simulator or HTTP).
import { z } from "zod";
import { IsoDateTime } from "@trade-shop/contracts/common";
import type { BackOfficePayment } from "@trade-shop/contracts/backoffice";
import type { Order } from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";

/**
 * A customer account the shop opened (an approved application, docs/applications.md), POSTed to
 * BACKOFFICE_URL/accounts, signed like a hand-off, with `Idempotency-Key: account:<accountId>`:
 * the back office opens it once per account number. Its address is the account's five lines as
 * the customers table has them (street, suburb, town, province, country) and the postal code.
 */
export const BackOfficeAccount = z.object({
  idempotencyKey: z.string(),
  tenantId: z.string(),
  accountId: z.string(),
  name: z.string(),
  /** The kind of business, as the applicant chose it (Spaza, Tavern, …). */
  kind: z.string(),
  address: z.object({
    address1: z.string(),
    address2: z.string().nullable(),
    address3: z.string().nullable(),
    address4: z.string().nullable(),
    address5: z.string().nullable(),
    postalCode: z.string(),
  }),
  latitude: z.number(),
  longitude: z.number(),
  contactName: z.string(),
  contactEmail: z.string(),
  /** E.164, e.g. +27821234567. */
  contactCellphone: z.string(),
  vatNumber: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  priceListId: z.number().int(),
  priceListName: z.string(),
  warehouseCode: z.string(),
  /** In rand. */
  creditLimit: z.number(),
  paymentTermsDays: z.number().int(),
  deliveryDay: z.string(),
  liquorLicence: z.object({ number: z.string(), expiresOn: z.string() }).nullable(),
  /** The application it was opened from (APP-…). */
  applicationReference: z.string(),
  openedAt: IsoDateTime,
});
export type BackOfficeAccount = z.infer<typeof BackOfficeAccount>;

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
  /**
   * Tells the back office of a customer account the shop opened (already in the shop's customers
   * table). Repeats carry the same key and must open it once.
   */
  reportAccount(account: BackOfficeAccount): Promise<void>;
}
