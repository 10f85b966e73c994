// Announcing a change to every server process: pg_notify on one channel, in the caller's
// transaction (or right after its statement, outside one), so a change is told only once it has
// committed. Order and balance changes are announced by triggers whatever code path makes them
// (orders_placed_shop_events, orders_status_shop_events and customers_account_shop_events, in
// db/migrations/0005-backoffice.ts); code announces what no single row tells, such as "this
// user's cart changed" (publishChange, called by modules/cart and modules/wishlist).
import { sql } from "kysely";
import type { Db } from "../../db/database";

/** The channel the triggers of migration 0005 also use. */
export const SHOP_EVENTS_CHANNEL = "shop_events";

export type ListKind = "cart" | "wishlist";

/** The user's cart or wishlist changed. */
export interface ListChanged {
  kind: ListKind;
  tenantId: string;
  userId: number;
}

/** Written by the orders trigger: placed (`placed`) or a new status. */
export interface OrderChanged {
  kind: "order";
  tenantId: string;
  customerId: number;
  userId: number | null;
  placed: boolean;
  id: number;
  orderId: string;
  currentPastelStatus: string;
  statusReason: string | null;
  lastPastelStatusUpdate: string;
}

/** Written by the customers trigger: balance or credit limit changed. */
export interface AccountChanged {
  kind: "account";
  tenantId: string;
  customerId: number;
}

export type ShopEvent = ListChanged | OrderChanged | AccountChanged;

export async function publishChange(db: Db, event: ListChanged): Promise<void> {
  await sql`SELECT pg_notify(${SHOP_EVENTS_CHANNEL}, ${JSON.stringify(event)})`.execute(db);
}

/** A notification's payload, or undefined for one this version does not understand. */
export function parseShopEvent(payload: string): ShopEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const event = value as Partial<ShopEvent>;
  if (typeof event.tenantId !== "string") return undefined;
  switch (event.kind) {
    case "cart":
    case "wishlist":
      return typeof event.userId === "number" ? (event as ListChanged) : undefined;
    case "order":
      return typeof event.customerId === "number" && typeof event.id === "number"
        ? (event as OrderChanged)
        : undefined;
    case "account":
      return typeof event.customerId === "number" ? (event as AccountChanged) : undefined;
    default:
      return undefined;
  }
}
