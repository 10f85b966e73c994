// What a back office is to the shop: somewhere an order is handed over, at least once and never
// twice as a sales order. adapter.ts picks the implementation (simulator or HTTP).

export interface BackOfficeAdapter {
  readonly name: "simulator" | "http";
  /**
   * Hands one order over. Resolving means the back office has it; throwing means "try again
   * later" (the outbox retries with backoff, then parks it with the error). It may be called
   * more than once for one order, and a repeat must never make a second sales order.
   */
  handOver(orderId: number, idempotencyKey: string): Promise<void>;
}
