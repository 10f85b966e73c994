// The people of a customer account (decision 128): its owner invites buyers and
// viewers by e-mail, sets their order limits and removes them. An invitation link works once,
// for 7 days, and only its SHA-256 is kept (as a password reset's). Accepting one creates a
// login on the account whose username is the invited address.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { toCents, toRand } from "@trade-shop/contracts/common";
import type {
  AcceptInvitationCommand,
  AccountInvitation,
  AccountMembership,
  AccountPeople,
  AccountRole,
  AccountUser,
  InvitationDetails,
  InviteBuyerCommand,
  UpdateBuyerCommand,
} from "@trade-shop/contracts/buyers";
import { formatRandCents } from "@trade-shop/contracts/format";
import { appRoutes } from "@trade-shop/contracts/routes";
import type { Config } from "../../config";
import { isUniqueViolation, type Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import { assertCanSend, queueEmail } from "../messaging";
import { assertGoodPassword, hashPassword } from "../identity";
import type { CustomerContext } from "./customer-context";

export const INVITATION_DAYS = 7;
const CUSTOMER_ROLE = "Customer";

type InviteConfig = Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL" | "publicUrl">;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
const centsOrNull = (rand: number | null) => (rand === null ? null : toCents(rand));
const randOrNull = (cents: number | null) => (cents === null ? null : toRand(Number(cents)));

/** A login's place on the account it orders for; undefined for logins that are not its users (staff, reps). */
export interface Member {
  userId: number;
  accountRole: AccountRole;
  orderLimitCents: number | null;
  name: string;
}

export async function memberOf(db: Db, userId: number, customerId: number): Promise<Member | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["id", "accountRole", "orderLimitCents", "firstname", "lastname"])
    .where("id", "=", userId)
    .where("customerId", "=", customerId)
    .executeTakeFirst();
  return row && toMember(row);
}

/** A users row of the account's people as a Member (order placement reads it with its locks). */
export function toMember(row: {
  id: number;
  accountRole: string;
  orderLimitCents: number | null;
  firstname: string;
  lastname: string;
}): Member {
  return {
    userId: row.id,
    accountRole: row.accountRole as AccountRole,
    orderLimitCents: row.orderLimitCents === null ? null : Number(row.orderLimitCents),
    name: `${row.firstname} ${row.lastname}`.trim(),
  };
}

/** The account's owner: who approves orders over a limit and is e-mailed about them. */
export function ownerOf(db: Db, customerId: number) {
  return db
    .selectFrom("users")
    .select(["id", "firstname", "lastname", "email"])
    .where("customerId", "=", customerId)
    .where("accountRole", "=", "Owner")
    .where("isActive", "=", true)
    .executeTakeFirst();
}

export async function membership(
  db: Db,
  customer: CustomerContext,
  userId: number,
): Promise<AccountMembership> {
  const [member, owner] = await Promise.all([
    memberOf(db, userId, customer.customerId),
    ownerOf(db, customer.customerId),
  ]);
  return {
    // Logins acting for the account without being one of its users order as buyers without a limit.
    accountRole: member?.accountRole ?? "Buyer",
    orderLimit: randOrNull(member?.orderLimitCents ?? null),
    ownerName: owner ? `${owner.firstname} ${owner.lastname}`.trim() : "the account's owner",
  };
}

/** Refuses (403) anyone but the account's owner. */
/**
 * A Viewer reads what the account shares (its order lists, statements) and changes none of it,
 * nor sends it anywhere (docs/product.md). Owners, buyers and a rep acting for the account may.
 */
export async function refuseViewer(db: Db, customer: CustomerContext, userId: number): Promise<void> {
  const member = await memberOf(db, userId, customer.customerId);
  if (member?.accountRole === "Viewer") {
    throw new DomainError(
      "viewer_read_only",
      "You are a viewer on this account: you can see its order lists and statements, but only its owner and buyers change or send them.",
    );
  }
}

export async function requireOwner(db: Db, customer: CustomerContext, userId: number): Promise<Member> {
  const member = await memberOf(db, userId, customer.customerId);
  if (member?.accountRole !== "Owner") {
    throw new DomainError("owner_only", "Only the account's owner can do this.");
  }
  return member;
}

function toAccountUser(row: {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  accountRole: string;
  orderLimitCents: number | null;
}): AccountUser {
  return {
    userId: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    accountRole: row.accountRole as AccountRole,
    orderLimit: randOrNull(row.orderLimitCents),
  };
}

function invitationsQuery(db: Db, customerId: number) {
  return db
    .selectFrom("accountInvitations as i")
    .innerJoin("users as inviter", "inviter.id", "i.invitedBy")
    .select([
      "i.id",
      "i.firstname",
      "i.lastname",
      "i.email",
      "i.accountRole",
      "i.orderLimitCents",
      "i.createdAt",
      "i.expiresAt",
      sql<string>`inviter.firstname || ' ' || inviter.lastname`.as("invitedBy"),
    ])
    .where("i.customerId", "=", customerId)
    .where("i.acceptedAt", "is", null)
    .where("i.revokedAt", "is", null);
}

type InvitationRow = Awaited<ReturnType<ReturnType<typeof invitationsQuery>["executeTakeFirstOrThrow"]>>;

function toInvitation(row: InvitationRow): AccountInvitation {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    accountRole: row.accountRole as AccountInvitation["accountRole"],
    orderLimit: randOrNull(row.orderLimitCents),
    invitedBy: row.invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function accountPeople(
  db: Db,
  customer: CustomerContext,
  userId: number,
): Promise<AccountPeople> {
  await requireOwner(db, customer, userId);
  const [users, invitations] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "firstname", "lastname", "email", "accountRole", "orderLimitCents"])
      .where("customerId", "=", customer.customerId)
      .where("isActive", "=", true)
      // The owner first, then by name.
      .orderBy(sql`account_role = 'Owner'`, "desc")
      .orderBy("firstname")
      .orderBy("lastname")
      .execute(),
    invitationsQuery(db, customer.customerId).orderBy("i.createdAt", "desc").execute(),
  ]);
  return { users: users.map(toAccountUser), invitations: invitations.map(toInvitation) };
}

const emailTaken = () => {
  const message = "Someone with this e-mail address already has a Trade Shop login";
  return new DomainError("email_taken", `${message}.`, { errors: { email: [message] } });
};

async function emailInUse(db: Db, email: string): Promise<boolean> {
  const taken = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb.or([eb(sql`lower(email)`, "=", email), eb(sql`lower(username)`, "=", email)]))
    .executeTakeFirst();
  return taken !== undefined;
}

async function assertEmailFree(db: Db, email: string) {
  if (await emailInUse(db, email)) throw emailTaken();
}

/** Inviting an address again replaces its open invitation (and its link) on the account. */
async function insertInvitation(
  trx: Db,
  invitation: {
    customerId: number;
    tokenHash: string;
    email: string;
    firstname: string;
    lastname: string;
    accountRole: AccountRole;
    orderLimitCents: number | null;
    invitedBy: number;
  },
) {
  await trx
    .updateTable("accountInvitations")
    .set({ revokedAt: sql`now()` })
    .where("customerId", "=", invitation.customerId)
    .where(sql`lower(email)`, "=", invitation.email)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .execute();
  return trx
    .insertInto("accountInvitations")
    .values({ ...invitation, expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})` })
    .returning("id")
    .executeTakeFirstOrThrow();
}

const invitationLink = (config: InviteConfig, token: string) =>
  `${config.publicUrl}${appRoutes.invitation}?token=${token}`;

export async function inviteBuyer(
  db: Db,
  config: InviteConfig,
  customer: CustomerContext,
  userId: number,
  command: InviteBuyerCommand,
): Promise<AccountInvitation> {
  const owner = await requireOwner(db, customer, userId);
  assertCanSend(config, "email");
  const email = command.email.trim().toLowerCase();
  // The owner is answered the same whether or not the address already has a login, so an
  // invitation cannot be used to learn who uses the shop; the invitee is told instead.
  const inUse = await emailInUse(db, email);
  const token = randomBytes(32).toString("base64url");
  const hash = tokenHash(token);
  const account = await db
    .selectFrom("customers")
    .select(["name", "accountId"])
    .where("id", "=", customer.customerId)
    .executeTakeFirstOrThrow();
  const id = await db.transaction().execute(async (trx) => {
    const row = await insertInvitation(trx, {
      customerId: customer.customerId,
      tokenHash: hash,
      email,
      firstname: command.firstname,
      lastname: command.lastname,
      accountRole: command.accountRole,
      orderLimitCents: centsOrNull(command.orderLimit),
      invitedBy: owner.userId,
    });
    const link = invitationLink(config, token);
    const limit =
      command.accountRole === "Viewer"
        ? "You can see the account's prices, orders and statements; a viewer does not place orders."
        : command.orderLimit === null
          ? "You can place orders for the account."
          : `You can place orders for the account; orders over ${formatRandCents(toCents(command.orderLimit))} wait for ${owner.name}'s approval.`;
    if (inUse) {
      await queueEmail(trx, `invitation:${hash}`, {
        to: email,
        subject: `${owner.name} tried to invite you to order for ${account.name} on Trade Shop`,
        text: [
          "Hello,",
          "",
          `${owner.name} tried to invite this e-mail address to Trade Shop as a ${command.accountRole.toLowerCase()} on the account ${account.name} (${account.accountId}).`,
          "This address already has a Trade Shop login, and one address can have only one.",
          `To order for ${account.name}, ask ${owner.name} to invite another address of yours.`,
          "",
          "If you were not expecting this, ignore this e-mail.",
        ].join("\n"),
      });
      return row.id;
    }
    await queueEmail(trx, `invitation:${hash}`, {
      to: email,
      subject: `${owner.name} invited you to order for ${account.name} on Trade Shop`,
      text: [
        `Hello ${command.firstname},`,
        "",
        `${owner.name} invited you to Trade Shop as a ${command.accountRole.toLowerCase()} on the account ${account.name} (${account.accountId}).`,
        limit,
        "",
        `Choose your password here. The link works once, for ${INVITATION_DAYS} days:`,
        link,
        "",
        "If you were not expecting this, ignore this e-mail.",
      ].join("\n"),
    });
    return row.id;
  });
  const row = await invitationsQuery(db, customer.customerId)
    .where("i.id", "=", id)
    .executeTakeFirstOrThrow();
  return toInvitation(row);
}

/**
 * Invites the first login of an account the shop has just opened (an approved application,
 * docs/applications.md) as its Owner, in the caller's transaction: `invitedBy` is the staff
 * member who opened it. The link is a buyer's invitation's (the /invitation page, once, for
 * INVITATION_DAYS); an address that already has a login is told so instead, as inviteBuyer does.
 */
export async function inviteOwner(
  trx: Db,
  config: InviteConfig,
  invitation: { customerId: number; email: string; firstname: string; lastname: string; invitedBy: number },
): Promise<{ invitationId: number }> {
  const email = invitation.email.trim().toLowerCase();
  const inUse = await emailInUse(trx, email);
  const token = randomBytes(32).toString("base64url");
  const hash = tokenHash(token);
  const account = await trx
    .selectFrom("customers")
    .select(["name", "accountId"])
    .where("id", "=", invitation.customerId)
    .executeTakeFirstOrThrow();
  const row = await insertInvitation(trx, {
    ...invitation,
    email,
    tokenHash: hash,
    accountRole: "Owner",
    orderLimitCents: null,
  });
  const opened = `Your application was approved: ${account.name} has the Trade Shop account ${account.accountId}, and you are its owner.`;
  await queueEmail(
    trx,
    `invitation:${hash}`,
    inUse
      ? {
          to: email,
          subject: `Your Trade Shop account ${account.accountId} is open`,
          text: [
            `Hello ${invitation.firstname},`,
            "",
            opened,
            "This e-mail address already has a Trade Shop login, and one address can have only one.",
            "Reply to this e-mail with another address of yours, and we will invite that one as the account's owner.",
          ].join("\n"),
        }
      : {
          to: email,
          subject: `Your Trade Shop account ${account.accountId} is open: choose your password`,
          text: [
            `Hello ${invitation.firstname},`,
            "",
            opened,
            "As its owner you order for it, see its statements and invite your buyers.",
            "",
            `Choose your password here. The link works once, for ${INVITATION_DAYS} days:`,
            invitationLink(config, token),
            "",
            "If you were not expecting this, ignore this e-mail.",
          ].join("\n"),
        },
  );
  return { invitationId: row.id };
}

/** A buyer or viewer of this account (never its owner), or a 404. */
async function accountMemberRow(db: Db, customerId: number, memberId: number) {
  const row = await db
    .selectFrom("users")
    .select(["id", "accountRole"])
    .where("id", "=", memberId)
    .where("customerId", "=", customerId)
    .where("isActive", "=", true)
    .executeTakeFirst();
  if (!row || row.accountRole === "Owner") {
    throw notFound(`There is no buyer or viewer ${memberId} on your account.`);
  }
  return row;
}

export async function updateBuyer(
  db: Db,
  customer: CustomerContext,
  userId: number,
  memberId: number,
  command: UpdateBuyerCommand,
): Promise<AccountUser> {
  const owner = await requireOwner(db, customer, userId);
  await accountMemberRow(db, customer.customerId, memberId);
  const row = await db
    .updateTable("users")
    .set({
      accountRole: command.accountRole,
      orderLimitCents: centsOrNull(command.orderLimit),
      lastModifiedBy: owner.name,
      lastModifiedDate: sql`now()`,
    })
    .where("id", "=", memberId)
    .returning(["id", "firstname", "lastname", "email", "accountRole", "orderLimitCents"])
    .executeTakeFirstOrThrow();
  return toAccountUser(row);
}

/**
 * Takes the login off the account: disabled, its sessions ended (token version), and no longer
 * linked to the account, so an admin enabling it again does not put it back. Its orders stay,
 * with its name.
 */
export async function removeBuyer(db: Db, customer: CustomerContext, userId: number, memberId: number) {
  const owner = await requireOwner(db, customer, userId);
  const member = await accountMemberRow(db, customer.customerId, memberId);
  await db
    .updateTable("users")
    .set({
      isActive: false,
      customerId: null,
      tokenVersion: sql<number>`token_version + 1`,
      lastModifiedBy: owner.name,
      lastModifiedDate: sql`now()`,
    })
    .where("id", "=", member.id)
    .execute();
  return { success: true, message: "The user was removed from your account.", title: "Removed" };
}

export async function revokeInvitation(
  db: Db,
  customer: CustomerContext,
  userId: number,
  invitationId: number,
) {
  await requireOwner(db, customer, userId);
  const row = await db
    .updateTable("accountInvitations")
    .set({ revokedAt: sql`now()` })
    .where("id", "=", invitationId)
    .where("customerId", "=", customer.customerId)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!row) throw notFound(`There is no open invitation ${invitationId} on your account.`);
  return { success: true, message: "The invitation was withdrawn.", title: "Withdrawn" };
}

const invitationInvalid = () =>
  new DomainError(
    "invitation_invalid",
    "This invitation link is not valid any more: it was used, withdrawn or has expired. Ask the account's owner to invite you again.",
  );

function openInvitation(db: Db, token: string) {
  return db
    .selectFrom("accountInvitations as i")
    .innerJoin("customers as c", "c.id", "i.customerId")
    .innerJoin("users as inviter", "inviter.id", "i.invitedBy")
    .select([
      "i.id",
      "i.customerId",
      "i.email",
      "i.firstname",
      "i.lastname",
      "i.accountRole",
      "i.orderLimitCents",
      "c.tenantId",
      "c.name as accountName",
      "c.accountId",
      sql<string>`inviter.firstname || ' ' || inviter.lastname`.as("invitedBy"),
    ])
    .where("i.tokenHash", "=", tokenHash(token))
    .where("i.acceptedAt", "is", null)
    .where("i.revokedAt", "is", null)
    .where("i.expiresAt", ">", sql<Date>`now()`)
    .where("c.active", "=", true)
    .executeTakeFirst();
}

export async function invitationDetails(db: Db, token: string): Promise<InvitationDetails> {
  const row = await openInvitation(db, token);
  if (!row) throw invitationInvalid();
  return {
    accountName: row.accountName,
    accountId: row.accountId,
    invitedBy: row.invitedBy,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    accountRole: row.accountRole as InvitationDetails["accountRole"],
  };
}

/** Creates the invited login on the account; the link is spent in the same transaction. */
export async function acceptInvitation(
  db: Db,
  command: AcceptInvitationCommand,
): Promise<{ username: string }> {
  const invitation = await openInvitation(db, command.token);
  if (!invitation) throw invitationInvalid();
  const email = invitation.email;
  assertGoodPassword(command.password, { username: email, email });
  await assertEmailFree(db, email);
  const passwordHash = await hashPassword(command.password);
  try {
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("users")
        .values({
          username: email,
          firstname: command.firstname,
          lastname: command.lastname,
          email,
          passwordHash,
          customerId: invitation.customerId,
          accountRole: invitation.accountRole,
          orderLimitCents: invitation.orderLimitCents,
          createdBy: `invitation by ${invitation.invitedBy}`,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const spent = await trx
        .updateTable("accountInvitations")
        .set({ acceptedAt: sql`now()`, acceptedUserId: id })
        .where("id", "=", invitation.id)
        .where("acceptedAt", "is", null)
        .where("revokedAt", "is", null)
        .returning("id")
        .executeTakeFirst();
      if (!spent) throw invitationInvalid();
      const role = await trx
        .selectFrom("roles")
        .select("id")
        .where("name", "=", CUSTOMER_ROLE)
        .executeTakeFirstOrThrow();
      await trx.insertInto("userRoles").values({ userId: id, roleId: role.id }).execute();
      await trx.insertInto("userTenants").values({ userId: id, tenantId: invitation.tenantId }).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return { username: email };
}
