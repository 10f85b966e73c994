// User administration for Admins: list, read, create, change, enable and disable users, with
// their roles, tenants and customer account. An admin sees and manages the users of the
// tenant they act for (plus users with no tenant yet), and hands out only tenants they hold.
import type { CreateUserPayload, RoleSummary, UpdateUserPayload, User } from "@trade-shop/contracts/identity";
import type { SuccessEnvelope } from "@trade-shop/contracts/common";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import type { Principal } from "../../core/principal";
import { DomainError, notFound } from "../../core/domain-error";
import { isUniqueViolation } from "../../db/database";
import { assertGoodPassword } from "./password-rules";
import { hashPassword } from "./passwords";
import {
  customersByAccount,
  existingTenantIds,
  findUserIdByName,
  findUserRow,
  listUserRows,
  replaceRolesAndTenants,
  roleIdsByName,
  rolesHeldBy,
  type UserRow,
} from "./queries";

export type Admin = Pick<Principal, "userId" | "username" | "tenants"> & { tenantId: string };

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    isActiveDirectoryUser: row.isActiveDirectoryUser,
    roles: row.roles as User["roles"],
    tenants: row.tenants,
    customerAccount: row.customerAccount,
    resetPasswordOnNextLogin: row.resetPasswordOnNextLogin,
    failedLoginAttempts: row.failedLoginAttempts,
    lockoutExpiryDate: row.lockoutExpiryDate?.toISOString() ?? null,
    isActive: row.isActive,
    // Real-time connections are not tracked yet; nobody is shown as connected.
    signalRConnected: false,
    createdBy: row.createdBy,
    createdDate: row.createdDate.toISOString(),
    lastModifiedBy: row.lastModifiedBy,
    lastModifiedDate: row.lastModifiedDate?.toISOString() ?? null,
  };
}

const userNotFound = () => notFound("There is no such user in this tenant.");

export async function visibleUser(db: Db, admin: Admin, userId: number): Promise<UserRow> {
  const row = await findUserRow(db, userId, heldTenants(admin));
  if (!row) throw userNotFound();
  return row;
}

/**
 * A user this admin may change: one whose every tenant the admin holds too. An admin of one
 * tenant must not reset the password of, promote, or disable someone who also works in another.
 */
export async function manageableUser(db: Db, admin: Admin, userId: number): Promise<UserRow> {
  const row = await visibleUser(db, admin, userId);
  const notHeld = row.tenants.filter((t) => !admin.tenants.includes(t));
  if (notHeld.length > 0) {
    throw new DomainError(
      "forbidden",
      `${row.username} also belongs to tenant ${notHeld.join(", ")}, which you do not hold; an admin of every tenant of theirs must make this change.`,
    );
  }
  return row;
}

/** The shop always keeps one enabled Admin: nobody could manage users without one. */
async function assertAnotherEnabledAdmin(db: Db, userId: number) {
  const { others } = await db
    .selectFrom("users")
    .innerJoin("userRoles", "userRoles.userId", "users.id")
    .innerJoin("roles", "roles.id", "userRoles.roleId")
    .select((eb) => eb.fn.countAll<number>().as("others"))
    .where("roles.name", "=", "Admin")
    .where("users.isActive", "=", true)
    .where("users.id", "!=", userId)
    .executeTakeFirstOrThrow();
  if (Number(others) === 0) {
    throw new DomainError(
      "last_admin",
      "This is the last enabled Admin: give another user the Admin role first.",
      {
        errors: { roles: ["The shop needs at least one enabled Admin"] },
      },
    );
  }
}

function sameSet(a: readonly string[], b: readonly string[]) {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((x) => right.has(x));
}

/** Every tenant the admin holds (the one they act for at least): the users list covers them all. */
export const heldTenants = (admin: Admin) => [...new Set([admin.tenantId, ...admin.tenants])];

export async function listUsers(db: Db, admin: Admin): Promise<User[]> {
  return (await listUserRows(db, heldTenants(admin))).map(toUserDto);
}

export async function getUser(db: Db, admin: Admin, userId: number): Promise<User> {
  return toUserDto(await manageableUser(db, admin, userId));
}

export async function rolesOfUser(db: Db, admin: Admin, userId: number): Promise<RoleSummary[]> {
  await manageableUser(db, admin, userId);
  const roles = await rolesHeldBy(db, userId);
  return roles.map((r) => ({ ...r, name: r.name as RoleSummary["name"] }));
}

type UserFields = Pick<
  CreateUserPayload,
  | "username"
  | "firstname"
  | "lastname"
  | "email"
  | "isActiveDirectoryUser"
  | "roles"
  | "tenants"
  | "customerAccount"
> & { password?: string | undefined };

interface ResolvedFields {
  roleIds: number[];
  tenantIds: string[];
  customerId: number | null;
  passwordHash: string | null | undefined;
}

// Checks everything that can be checked before writing, so a bad request changes nothing.
async function resolveFields(
  db: Db,
  admin: Admin,
  fields: UserFields,
  userId?: number,
): Promise<ResolvedFields> {
  if (await findUserIdByName(db, "username", fields.username, userId)) {
    throw new DomainError("username_taken", "Another user already has this username.", {
      errors: { username: ["This username is taken"] },
    });
  }
  if (await findUserIdByName(db, "email", fields.email, userId)) {
    throw new DomainError("email_taken", "Another user already has this e-mail address.", {
      errors: { email: ["This e-mail address belongs to another user"] },
    });
  }

  const tenantIds = [...new Set(fields.tenants.length > 0 ? fields.tenants : [admin.tenantId])].sort();
  const known = await existingTenantIds(db, tenantIds);
  const unknown = tenantIds.filter((t) => !known.includes(t));
  if (unknown.length > 0) {
    throw new DomainError("validation", `Unknown tenant ${unknown.join(", ")}.`, {
      errors: { tenants: [`Unknown tenant ${unknown.join(", ")}`] },
    });
  }
  const notHeld = tenantIds.filter((t) => !admin.tenants.includes(t));
  if (notHeld.length > 0) {
    throw new DomainError(
      "forbidden",
      `You cannot give access to tenant ${notHeld.join(", ")}, which you do not hold.`,
    );
  }

  const roleNames = [...new Set(fields.roles)];
  const roles = await roleIdsByName(db, roleNames);
  const missingRoles = roleNames.filter((name) => !roles.some((r) => r.name === name));
  if (missingRoles.length > 0) {
    throw new DomainError("validation", `Unknown role ${missingRoles.join(", ")}.`, {
      errors: { roles: [`Unknown role ${missingRoles.join(", ")}`] },
    });
  }

  let customerId: number | null = null;
  if (fields.customerAccount) {
    const matches = await customersByAccount(db, fields.customerAccount, tenantIds);
    if (matches.length === 0) {
      const message = `There is no customer account ${fields.customerAccount} in tenant ${tenantIds.join(", ")}`;
      throw new DomainError("validation", `${message}.`, { errors: { customerAccount: [message] } });
    }
    if (matches.length > 1) {
      const message = `Account ${fields.customerAccount} exists in several of the user's tenants; give the user only the one it belongs to`;
      throw new DomainError("validation", `${message}.`, { errors: { customerAccount: [message] } });
    }
    const match = matches[0]!;
    // A login already on the account (its owner, or a buyer the owner invited) keeps it.
    const alreadyOnAccount = userId !== undefined && match.userIds.includes(userId);
    if (match.userId !== null && !alreadyOnAccount) {
      throw new DomainError("account_has_user", `Account ${match.accountId} already has a user.`, {
        errors: { customerAccount: [`Account ${match.accountId} already has a user`] },
      });
    }
    customerId = match.id;
  }

  let passwordHash: string | null | undefined;
  if (fields.isActiveDirectoryUser) {
    if (fields.password !== undefined) {
      const message = "Directory users log in with their directory password; leave the password empty";
      throw new DomainError("validation", `${message}.`, { errors: { password: [message] } });
    }
    passwordHash = null;
  } else if (fields.password !== undefined) {
    assertGoodPassword(fields.password, { username: fields.username, email: fields.email });
    passwordHash = await hashPassword(fields.password);
  }

  return { roleIds: roles.map((r) => r.id), tenantIds, customerId, passwordHash };
}

function mapUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new DomainError(
      "duplicate_user",
      "Another user already has this username, e-mail address or customer account.",
    );
  }
  throw error;
}

export async function createUser(db: Db, admin: Admin, payload: CreateUserPayload): Promise<User> {
  // otpKey and otpPin belong to self-registration; an admin needs neither.
  const resolved = await resolveFields(db, admin, payload);
  const userId = await db
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx
        .insertInto("users")
        .values({
          username: payload.username,
          firstname: payload.firstname,
          lastname: payload.lastname,
          email: payload.email,
          passwordHash: resolved.passwordHash ?? null,
          isActiveDirectoryUser: payload.isActiveDirectoryUser,
          customerId: resolved.customerId,
          reports: payload.reports,
          createdBy: admin.username,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await replaceRolesAndTenants(trx, id, resolved.roleIds, resolved.tenantIds);
      return id;
    })
    .catch(mapUniqueViolation);
  // Shown even when the new user's tenants leave out the one the admin acts for.
  return toUserDto((await findUserRow(db, userId))!);
}

export async function updateUser(db: Db, admin: Admin, payload: UpdateUserPayload): Promise<User> {
  const current = await manageableUser(db, admin, payload.id);
  const losesAdmin = current.roles.includes("Admin") && !payload.roles.includes("Admin");
  if (payload.id === admin.userId && losesAdmin) {
    throw new DomainError("own_account", "You cannot take the Admin role away from yourself.", {
      errors: { roles: ["You cannot take the Admin role away from yourself"] },
    });
  }
  if (losesAdmin && current.isActive) await assertAnotherEnabledAdmin(db, payload.id);
  if (!payload.isActiveDirectoryUser && payload.password === undefined && current.isActiveDirectoryUser) {
    const message = "Give a password: the user will no longer log in through the directory";
    throw new DomainError("validation", `${message}.`, { errors: { password: [message] } });
  }
  const resolved = await resolveFields(db, admin, payload, payload.id);
  const tenantIds = resolved.tenantIds;
  // A new password or other roles end every login from before (decision 75).
  const credentialsChange = resolved.passwordHash !== undefined || !sameSet(current.roles, payload.roles);

  await db
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({
          username: payload.username,
          firstname: payload.firstname,
          lastname: payload.lastname,
          email: payload.email,
          isActiveDirectoryUser: payload.isActiveDirectoryUser,
          customerId: resolved.customerId,
          ...(payload.reports !== undefined ? { reports: payload.reports } : {}),
          ...(resolved.passwordHash !== undefined
            ? { passwordHash: resolved.passwordHash, failedLoginAttempts: 0, lockoutExpiryDate: null }
            : {}),
          ...(payload.resetPasswordOnNextLogin !== undefined
            ? { resetPasswordOnNextLogin: payload.resetPasswordOnNextLogin }
            : {}),
          ...(credentialsChange ? { tokenVersion: sql<number>`token_version + 1` } : {}),
          lastModifiedBy: admin.username,
          lastModifiedDate: sql`now()`,
        })
        .where("id", "=", payload.id)
        .execute();
      // A new password ends every reset link still in the user's inbox: an old link must not
      // overwrite what the admin set.
      if (resolved.passwordHash !== undefined) {
        await trx
          .updateTable("passwordResets")
          .set({ usedAt: sql`now()` })
          .where("userId", "=", payload.id)
          .where("usedAt", "is", null)
          .execute();
      }
      await replaceRolesAndTenants(trx, payload.id, resolved.roleIds, tenantIds);
    })
    .catch(mapUniqueViolation);
  return toUserDto((await findUserRow(db, payload.id))!);
}

/** Enabling also lifts a lock-out, so "let them log in again" does what it says. */
export async function setUserEnabled(
  db: Db,
  admin: Admin,
  userId: number,
  enabled: boolean,
): Promise<SuccessEnvelope> {
  const user = await manageableUser(db, admin, userId);
  if (!enabled && userId === admin.userId) {
    throw new DomainError("own_account", "You cannot disable your own account.");
  }
  if (!enabled && user.isActive && user.roles.includes("Admin")) await assertAnotherEnabledAdmin(db, userId);
  await db
    .updateTable("users")
    .set({
      isActive: enabled,
      // A disabled user's logins end for good: enabling again does not bring them back.
      ...(enabled
        ? { failedLoginAttempts: 0, lockoutExpiryDate: null }
        : { tokenVersion: sql<number>`token_version + 1` }),
      lastModifiedBy: admin.username,
      lastModifiedDate: sql`now()`,
    })
    .where("id", "=", userId)
    .execute();
  return enabled
    ? { success: true, title: "User enabled", message: `${user.username} can log in again.` }
    : { success: true, title: "User disabled", message: `${user.username} can no longer log in.` };
}
