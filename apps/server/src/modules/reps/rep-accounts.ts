// Which customer accounts a sales rep serves (decision 127): admins assign and
// unassign them; a rep lists theirs, with what is left of each one's credit, to choose whom to
// order for. Whether a rep may act for an account on a request is decided in
// accounts/customer-context.ts from the same table.
import type { RepAccount } from "@trade-shop/contracts/reps";
import { toRand, type SuccessEnvelope } from "@trade-shop/contracts/common";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import { creditPositions } from "../accounts";
import { heldTenants, manageableUser, visibleUser, type Admin } from "../identity";

const REP_ROLE = "Rep";

/**
 * A rep's accounts in the given tenants, by name, each with its remaining credit as the account's
 * own credit details give it (accounts' creditPosition); `activeOnly` leaves out closed accounts.
 */
async function assignedAccounts(
  db: Db,
  repUserId: number,
  tenantIds: readonly string[],
  activeOnly = false,
): Promise<RepAccount[]> {
  // rep_accounts primary key (rep_user_id, customer_id).
  let query = db
    .selectFrom("repAccounts")
    .innerJoin("customers", "customers.id", "repAccounts.customerId")
    .select([
      "customers.id",
      "customers.tenantId",
      "customers.accountId",
      "customers.name",
      "customers.address3 as town",
    ])
    .where("repAccounts.repUserId", "=", repUserId)
    .where("customers.tenantId", "in", tenantIds)
    .orderBy("customers.name")
    .orderBy("customers.accountId");
  if (activeOnly) query = query.where("customers.active", "=", true);
  const accounts = await query.execute();
  const positions = await creditPositions(
    db,
    accounts.map((account) => account.id),
  );
  return accounts.map(({ id, ...account }) => ({
    ...account,
    remainingCredit: toRand(positions.get(id)!.remainingCreditCents),
  }));
}

/** The calling rep's open accounts in the tenant they act for. */
export function myAccounts(db: Db, rep: { userId: number; tenantId: string }): Promise<RepAccount[]> {
  return assignedAccounts(db, rep.userId, [rep.tenantId], true);
}

export async function accountsOfRep(db: Db, admin: Admin, userId: number): Promise<RepAccount[]> {
  await visibleUser(db, admin, userId);
  return assignedAccounts(db, userId, heldTenants(admin));
}

async function accountInTenant(db: Db, admin: Admin, accountId: string) {
  const customer = await db
    .selectFrom("customers")
    .select(["id", "accountId"])
    .where("tenantId", "=", admin.tenantId)
    .where("accountId", "=", accountId)
    .executeTakeFirst();
  if (!customer) throw notFound(`There is no customer account ${accountId} in this tenant.`);
  return customer;
}

/** Assigns an account of the admin's current tenant to a rep who works in that tenant. */
export async function assignAccount(
  db: Db,
  admin: Admin,
  userId: number,
  accountId: string,
): Promise<RepAccount[]> {
  const user = await manageableUser(db, admin, userId);
  if (!user.roles.includes(REP_ROLE)) {
    throw new DomainError("not_a_rep", `${user.username} is not a sales rep: give them the Rep role first.`);
  }
  if (!user.tenants.includes(admin.tenantId)) {
    const message = `${user.username} does not work in tenant ${admin.tenantId}`;
    throw new DomainError("validation", `${message}.`, { errors: { accountId: [message] } });
  }
  const customer = await accountInTenant(db, admin, accountId);
  await db
    .insertInto("repAccounts")
    .values({
      tenantId: admin.tenantId,
      repUserId: userId,
      customerId: customer.id,
      assignedBy: admin.username,
    })
    .onConflict((oc) => oc.columns(["repUserId", "customerId"]).doNothing())
    .execute();
  return assignedAccounts(db, userId, heldTenants(admin));
}

export async function unassignAccount(
  db: Db,
  admin: Admin,
  userId: number,
  accountId: string,
): Promise<SuccessEnvelope> {
  const user = await manageableUser(db, admin, userId);
  const customer = await accountInTenant(db, admin, accountId);
  const removed = await db
    .deleteFrom("repAccounts")
    .where("repUserId", "=", userId)
    .where("customerId", "=", customer.id)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0)
    throw notFound(`Account ${accountId} is not assigned to ${user.username}.`);
  return {
    success: true,
    message: `${user.firstname} ${user.lastname} no longer orders for ${customer.accountId}.`,
    title: "Account unassigned",
  };
}
