// What prices, stock and rules apply to the caller: the customer account linked to the
// logged-in user in the request's tenant. Staff and visitors have none and see list prices.
import type { Db } from "../../db/database";
import type { Principal } from "../../shared/principal";
import { DomainError } from "../../shared/domain-error";
import { liquorStandingColumns, type LiquorStanding } from "./liquor-licence";

export interface CustomerContext extends LiquorStanding {
  customerId: number;
  accountId: string;
  tenantId: string;
  pricelistId: number;
  stockingWarehouseCode: string;
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
      "customers.liquorLicenceNumber",
      ...liquorStandingColumns,
    ])
    .where("users.id", "=", principal.userId)
    .where("customers.tenantId", "=", principal.tenantId)
    .where("customers.active", "=", true)
    .executeTakeFirst();
}

/** The caller's customer account, or a 403 for logins without one (staff, admin). */
export async function requireCustomer(
  db: Db,
  principal: Pick<Principal, "userId" | "tenantId"> | undefined,
): Promise<CustomerContext> {
  const customer = await customerContextFor(db, principal);
  if (!customer) {
    throw new DomainError("not_a_customer", "Your login is not linked to a customer account in this tenant.");
  }
  return customer;
}
