// SQL for users and their roles and tenants. Every function takes the Kysely handle it
// should run on, so callers can pass a transaction.
import { sql } from "kysely";
import type { Db } from "../../db/database";

export type LoginField = "username" | "email";

export async function findUserForLogin(db: Db, field: LoginField, value: string) {
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "username",
      "firstname",
      "lastname",
      "email",
      "passwordHash",
      "isActive",
      "isActiveDirectoryUser",
      "resetPasswordOnNextLogin",
      "failedLoginAttempts",
      "lockoutExpiryDate",
      "tokenVersion",
    ])
    .where(sql`lower(${sql.ref(field)})`, "=", value.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) return undefined;
  const [roles, tenants] = await Promise.all([rolesOf(db, user.id), tenantsOf(db, user.id)]);
  return { ...user, roles, tenants };
}

export async function rolesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.id", "userRoles.roleId")
    .select("roles.name")
    .where("userRoles.userId", "=", userId)
    .where("roles.enabled", "=", true)
    .orderBy("roles.name")
    .execute();
  return rows.map((r) => r.name);
}

export async function tenantsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("userTenants")
    .innerJoin("tenants", "tenants.id", "userTenants.tenantId")
    .select("tenants.id")
    .where("userTenants.userId", "=", userId)
    .where("tenants.enabled", "=", true)
    .orderBy("tenants.id")
    .execute();
  return rows.map((r) => r.id);
}

// A failure after an expired lock starts the count again; the fifth in a row locks.
export async function recordFailedLogin(db: Db, userId: number, maxAttempts: number, lockMinutes: number) {
  const attempts = sql<number>`CASE WHEN lockout_expiry_date <= now() THEN 1 ELSE failed_login_attempts + 1 END`;
  return db
    .updateTable("users")
    .set({
      failedLoginAttempts: attempts,
      lockoutExpiryDate: sql`CASE WHEN ${attempts} >= ${maxAttempts} THEN now() + make_interval(mins => ${lockMinutes})
        WHEN lockout_expiry_date <= now() THEN NULL ELSE lockout_expiry_date END`,
    })
    .where("id", "=", userId)
    .returning(["failedLoginAttempts", "lockoutExpiryDate"])
    .executeTakeFirstOrThrow();
}

/** When a lock-out counter that is not a user's row (a device cookie, an unknown name) ends, if it is locked. */
export async function lockoutOf(db: Db, key: string): Promise<Date | null> {
  const row = await db
    .selectFrom("loginLockouts")
    .select("lockoutExpiryDate")
    .where("key", "=", key)
    .where("lockoutExpiryDate", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row?.lockoutExpiryDate ?? null;
}

/** Counts a failure against such a counter, as recordFailedLogin does for a user's row. */
export async function recordFailedAttempt(db: Db, key: string, maxAttempts: number, lockMinutes: number) {
  const t = sql.table("login_lockouts");
  const attempts = sql<number>`CASE WHEN ${t}.lockout_expiry_date <= now() THEN 1 ELSE ${t}.failed_login_attempts + 1 END`;
  const result = await sql<{ failedLoginAttempts: number; lockoutExpiryDate: Date | null }>`
    INSERT INTO login_lockouts (key, failed_login_attempts, lockout_expiry_date)
    VALUES (${key}, 1, CASE WHEN 1 >= ${maxAttempts} THEN now() + make_interval(mins => ${lockMinutes}) END)
    ON CONFLICT (key) DO UPDATE SET
      failed_login_attempts = ${attempts},
      lockout_expiry_date = CASE WHEN ${attempts} >= ${maxAttempts} THEN now() + make_interval(mins => ${lockMinutes})
        WHEN ${t}.lockout_expiry_date <= now() THEN NULL ELSE ${t}.lockout_expiry_date END,
      updated_at = now()
    RETURNING failed_login_attempts, lockout_expiry_date`.execute(db);
  return result.rows[0]!;
}

export async function forgetFailedAttempts(db: Db, key: string) {
  await db.deleteFrom("loginLockouts").where("key", "=", key).execute();
}

/** Counters untouched for a day hold nothing a lock-out still needs. */
export async function pruneLoginLockouts(db: Db) {
  await db
    .deleteFrom("loginLockouts")
    .where("updatedAt", "<", sql<Date>`now() - interval '1 day'`)
    .execute();
}

export async function recordSuccessfulLogin(db: Db, userId: number) {
  await db
    .updateTable("users")
    .set({ failedLoginAttempts: 0, lockoutExpiryDate: null })
    .where("id", "=", userId)
    .execute();
}

/** A user as the Users API shows it, with role names, tenant ids and the customer's account number. */
function userColumns(db: Db) {
  return db
    .selectFrom("users")
    .leftJoin("customers", "customers.id", "users.customerId")
    .select([
      "users.id",
      "users.username",
      "users.firstname",
      "users.lastname",
      "users.email",
      "users.isActiveDirectoryUser",
      "users.resetPasswordOnNextLogin",
      "users.failedLoginAttempts",
      "users.lockoutExpiryDate",
      "users.isActive",
      "users.createdBy",
      "users.createdDate",
      "users.lastModifiedBy",
      "users.lastModifiedDate",
      "users.customerId",
      "customers.accountId as customerAccount",
      sql<string[]>`coalesce((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
        JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = users.id), '{}')`.as("roles"),
      sql<string[]>`coalesce((SELECT array_agg(ut.tenant_id ORDER BY ut.tenant_id) FROM user_tenants ut
        WHERE ut.user_id = users.id), '{}')`.as("tenants"),
    ]);
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserRow>>>;

// The users of some tenants are those holding any of them, plus users holding no tenant at all
// (new staff), who would otherwise be out of every admin's reach.
const visibleIn = (tenantIds: readonly string[]) =>
  sql<boolean>`(EXISTS (SELECT 1 FROM user_tenants ut WHERE ut.user_id = users.id AND ut.tenant_id IN (${sql.join(tenantIds)}))
    OR NOT EXISTS (SELECT 1 FROM user_tenants ut WHERE ut.user_id = users.id))`;

/** One user; with tenants, only when the user is visible in one of them. */
export function findUserRow(db: Db, userId: number, tenantIds?: readonly string[]) {
  let query = userColumns(db).where("users.id", "=", userId);
  if (tenantIds !== undefined) query = query.where(visibleIn(tenantIds));
  return query.executeTakeFirst();
}

/** The users of every tenant given (an admin's list covers all the tenants the admin holds). */
export function listUserRows(db: Db, tenantIds: readonly string[]) {
  return userColumns(db)
    .where(visibleIn(tenantIds))
    .orderBy(sql`lower(users.username)`)
    .execute();
}

export async function findUserIdByName(db: Db, field: LoginField, value: string, exceptUserId?: number) {
  let query = db
    .selectFrom("users")
    .select("id")
    .where(sql`lower(${sql.ref(field)})`, "=", value.trim().toLowerCase());
  if (exceptUserId !== undefined) query = query.where("id", "<>", exceptUserId);
  return (await query.executeTakeFirst())?.id;
}

export function rolesHeldBy(db: Db, userId: number) {
  return db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.id", "userRoles.roleId")
    .select(["roles.id", "roles.name", "roles.description", "roles.enabled"])
    .where("userRoles.userId", "=", userId)
    .orderBy("roles.name")
    .execute();
}

export function roleIdsByName(db: Db, names: readonly string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db.selectFrom("roles").select(["id", "name"]).where("name", "in", names).execute();
}

export async function existingTenantIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("tenants").select("id").where("id", "in", ids).execute();
  return rows.map((r) => r.id);
}

/** Replaces a user's roles and tenants; run inside the transaction that changes the user. */
export async function replaceRolesAndTenants(
  trx: Db,
  userId: number,
  roleIds: readonly number[],
  tenantIds: readonly string[],
) {
  await trx.deleteFrom("userRoles").where("userId", "=", userId).execute();
  await trx.deleteFrom("userTenants").where("userId", "=", userId).execute();
  if (roleIds.length > 0) {
    await trx
      .insertInto("userRoles")
      .values(roleIds.map((roleId) => ({ userId, roleId })))
      .execute();
  }
  if (tenantIds.length > 0) {
    await trx
      .insertInto("userTenants")
      .values(tenantIds.map((tenantId) => ({ userId, tenantId })))
      .execute();
  }
}

/** Customer accounts with this number in any of the tenants, with the user already linked (if any). */
export function customersByAccount(db: Db, accountId: string, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("customers")
    .select([
      "customers.id",
      "customers.tenantId",
      "customers.accountId",
      // The account's owner, and every login on it (its buyers and viewers too, decision 128).
      sql<
        number | null
      >`(SELECT u.id FROM users u WHERE u.customer_id = customers.id AND u.account_role = 'Owner')`.as(
        "userId",
      ),
      sql<
        number[]
      >`coalesce((SELECT array_agg(u.id) FROM users u WHERE u.customer_id = customers.id), '{}')`.as(
        "userIds",
      ),
    ])
    .where(sql`upper(customers.account_id)`, "=", accountId.trim().toUpperCase())
    .where("customers.tenantId", "in", tenantIds)
    .execute();
}

/** What the server trusts about a logged-in user on every request: the database, not the token. */
export async function sessionFacts(db: Db, userId: number) {
  return db
    .selectFrom("users")
    .select([
      "isActive",
      "tokenVersion",
      sql<string[]>`coalesce((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
        JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = users.id AND r.enabled), '{}')`.as("roles"),
      sql<string[]>`coalesce((SELECT array_agg(t.id ORDER BY t.id) FROM user_tenants ut
        JOIN tenants t ON t.id = ut.tenant_id WHERE ut.user_id = users.id AND t.enabled), '{}')`.as(
        "tenants",
      ),
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
}
