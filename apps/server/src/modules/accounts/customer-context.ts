// What prices, stock and rules apply to the caller: the customer account linked to the
// logged-in user in the request's tenant. Staff and visitors have none and see list prices.
import type { Db } from "../../db/database";
import type { Principal } from "../../http/auth";

export interface CustomerContext {
  customerId: number;
  accountId: string;
  tenantId: string;
  pricelistId: number;
  stockingWarehouseCode: string;
  isLiquorCustomer: boolean;
}

export async function customerContextFor(
  db: Db,
  principal: Pick<Principal, "userId" | "tenantId"> | undefined,
): Promise<CustomerContext | undefined> {
  if (!principal?.tenantId) return undefined;
  return db
    .selectFrom("users")
    .innerJoin("customers", "customers.id", "users.customerId")
    .select([
      "customers.id as customerId",
      "customers.accountId",
      "customers.tenantId",
      "customers.pricelistId",
      "customers.stockingWarehouseCode",
      "customers.isLiquorCustomer",
    ])
    .where("users.id", "=", principal.userId)
    .where("customers.tenantId", "=", principal.tenantId)
    .where("customers.active", "=", true)
    .executeTakeFirst();
}
