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
      "failedLoginAttempts",
      "lockoutExpiryDate",
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

export async function recordSuccessfulLogin(db: Db, userId: number) {
  await db
    .updateTable("users")
    .set({ failedLoginAttempts: 0, lockoutExpiryDate: null })
    .where("id", "=", userId)
    .execute();
}
