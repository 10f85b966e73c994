// What prices, stock and rules apply to the caller: the customer account linked to the
// logged-in user in the request's tenant, or, for a Rep, the assigned account named in the
// X-Acting-For header (decision 127). Staff and visitors have none and see list prices.
import type { ExpressionBuilder } from "kysely";
import type { Db } from "../../db/database";
import type { DB } from "../../db/schema";
import type { Principal } from "../../core/principal";
import { DomainError } from "../../core/domain-error";
import { liquorStandingColumns, type LiquorStanding } from "./liquor-licence";

export interface CustomerContext extends LiquorStanding {
  customerId: number;
  accountId: string;
  tenantId: string;
  pricelistId: number;
  stockingWarehouseCode: string;
}

/** Who asks: their user, tenant, roles and the account a Rep acts for. */
export type Caller = Pick<Principal, "userId" | "tenantId"> & Partial<Pick<Principal, "roles" | "actingFor">>;

const REP_ROLE = "Rep";

const notAssigned = (accountId: string) =>
  new DomainError(
    "account_not_assigned",
    `You may not order for account ${accountId}: it is not assigned to you.`,
  );

/**
 * The id of the account a Rep acts for, once checked: the caller holds the Rep role (read from
 * the database on this request) and an admin assigned them this account in this tenant; else
 * a 403. Undefined when the request names no account.
 */
export async function actedForCustomerId(db: Db, caller: Caller): Promise<number | undefined> {
  if (caller.actingFor === undefined || !caller.tenantId) return undefined;
  if (!caller.roles?.includes(REP_ROLE)) throw notAssigned(caller.actingFor);
  // rep_accounts primary key (rep_user_id, customer_id); customers (tenant_id, account_id) unique.
  const row = await db
    .selectFrom("repAccounts")
    .innerJoin("customers", "customers.id", "repAccounts.customerId")
    .select("customers.id")
    .where("repAccounts.repUserId", "=", caller.userId)
    .where("customers.tenantId", "=", caller.tenantId)
    .where("customers.accountId", "=", caller.actingFor)
    .executeTakeFirst();
  if (!row) throw notAssigned(caller.actingFor);
  return row.id;
}

/**
 * A condition on `customers` that picks the caller's account: the one acted for when there is
 * one, else the login's own. Callers still narrow to the request's tenant.
 */
export async function callersAccount(db: Db, caller: Caller) {
  const actedFor = await actedForCustomerId(db, caller);
  return (eb: ExpressionBuilder<DB, "customers">) =>
    actedFor !== undefined
      ? eb("customers.id", "=", actedFor)
      : eb(
          "customers.id",
          "=",
          eb.selectFrom("users").select("users.customerId").where("users.id", "=", caller.userId),
        );
}

export async function customerContextFor(
  db: Db,
  principal: Caller | undefined,
): Promise<CustomerContext | undefined> {
  if (!principal?.tenantId) return undefined;
  return db
    .selectFrom("customers")
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
    .where(await callersAccount(db, principal))
    .where("customers.tenantId", "=", principal.tenantId)
    .where("customers.active", "=", true)
    .executeTakeFirst();
}

/** The caller's customer account, or a 403 for logins without one (staff, admin, a rep choosing none). */
export async function requireCustomer(db: Db, principal: Caller | undefined): Promise<CustomerContext> {
  const customer = await customerContextFor(db, principal);
  if (!customer) {
    throw new DomainError("not_a_customer", "Your login is not linked to a customer account in this tenant.");
  }
  return customer;
}
