// The shapes the demo generator's parts pass between them: a table's insertable row, and the
// products, deals and customers the order history is generated from.
import type { Insertable } from "kysely";
import type { DB } from "../db/schema";
import type { Category, TenantId, WarehouseCode } from "./catalogue-data";

export type Row<T extends keyof DB> = Insertable<DB[T]>;

/** A product as the rest of the generator needs it. */
export interface DemoProduct {
  skuCode: string;
  category: Category;
  description: string;
  isLiquor: boolean;
  rtCategory: string;
  listPriceCents: number;
  vatRate: number;
}

export interface DemoDeal {
  dealReference: string;
  description: string;
  minQuantity: number;
  discountPercent: number;
  startsAt: Date;
  endsAt: Date;
}

export interface DemoCustomer {
  id: number;
  tenantId: TenantId;
  accountId: string;
  name: string;
  pricelistId: number;
  stockingWarehouseCode: WarehouseCode;
  isLiquorCustomer: boolean;
  creditLimitCents: number;
  dcBalanceCents: number;
  deliveryMethod: string;
  channelGroup: string;
  taxNumber: string;
  contactEmail: string;
  contactCellphone: string;
  /** False for the brand-new account that has not ordered yet. */
  hasOrderHistory: boolean;
  repCode: string;
  vendorNumber: string;
  address: {
    address1: string;
    address2: string;
    address3: string;
    address4: string;
    address5: string;
    addressPc: string;
  };
}
