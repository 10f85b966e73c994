// Building blocks every other contract uses: money, dates, error and success shapes, roles.
// Money crosses the wire as rand with 2 decimals; inside the server it is integer cents.
import { z } from "zod";
import { ProblemCode } from "./problems";

/** Rand in JSON. Float noise such as 0.1 + 0.2 is tolerated; a third decimal is not. */
export const Rand = z.number({ error: "Enter an amount in rand" }).refine(
  // The second test holds for large amounts (R10 million and up), where rand * 100 is off by more
  // than the first one's margin even for an amount read exactly from cents.
  (rand) => Math.abs(rand * 100 - Math.round(rand * 100)) < 1e-6 || Number(rand.toFixed(2)) === rand,
  "Amounts have at most 2 decimals",
);
export type Rand = z.infer<typeof Rand>;

/**
 * The one conversion from rand to integer cents, on server and web alike. It rounds as the
 * decimal text reads, half away from zero: 1.005 is 101 cents (1.005 * 100 is
 * 100.49999999999999 in binary, which a plain Math.round would make 100), -1.005 is -101, and
 * float noise such as 0.1 + 0.2 is absorbed.
 */
export function toCents(rand: number): number {
  if (!Number.isFinite(rand)) throw new RangeError(`Not an amount in rand: ${rand}`);
  const cents = Number((Math.abs(rand) * 100).toPrecision(15));
  return Math.sign(rand) * Math.round(cents) || 0;
}

export function toRand(cents: number): number {
  return cents / 100;
}

/**
 * The calendar the shop accepts: from 2000-01-01 to 2100-12-31. Nothing the shop records lies
 * outside it, and a year such as 0000 would otherwise reach the database, which refuses it.
 */
export const FIRST_DAY = "2000-01-01";
export const LAST_DAY = "2100-12-31";
const DAYS_MESSAGE = `Use a date from ${FIRST_DAY} to ${LAST_DAY}`;
const withinCalendar = (day: string) => day.slice(0, 10) >= FIRST_DAY && day.slice(0, 10) <= LAST_DAY;

/** A moment in time with its offset, as `Date.prototype.toISOString()` writes it. */
export const IsoDateTime = z.iso
  .datetime({ offset: true, error: "Use an ISO 8601 date and time" })
  .refine(withinCalendar, DAYS_MESSAGE);
export type IsoDateTime = z.infer<typeof IsoDateTime>;

/** A calendar day, e.g. 2026-11-25. */
export const CalendarDay = z.iso
  .date({ message: "Use a date as YYYY-MM-DD" })
  .refine(withinCalendar, DAYS_MESSAGE);
export type CalendarDay = z.infer<typeof CalendarDay>;

/** Primary keys of database rows (users, carts, orders, roles). */
/** The largest id a database integer column holds; a larger one can name nothing. */
export const MAX_ID = 2_147_483_647;

export const Id = z.number().int().positive().max(MAX_ID);
export type Id = z.infer<typeof Id>;

/** Ids arrive in URL paths as text; Fastify hands them over as strings. */
export const IdParam = z.coerce
  .number<string>()
  .int()
  .positive("Must be a positive whole number")
  .max(MAX_ID, "Must be a positive whole number");

/**
 * Required free text: trimmed, with one human message both for a missing field and for an
 * empty one, so a form shows "Enter your name" rather than zod's "expected string".
 */
export function requiredText(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { message, abort: true })
    .max(max, `Use at most ${max} characters`);
}

/**
 * What a link or an e-mail address looks like inside a name: a scheme, "www.", an @, or a
 * dotted host such as evil.example. Names go into e-mails the shop sends to other people.
 */
const LINK_LIKE = /\b[a-z][a-z0-9+.-]{0,30}:\/\/|\bwww\.|@|\b[a-z0-9-]{1,63}\.[a-z]{2,}\b/i;

/** A person's name, as typed into a form whose text the shop mails to someone else. */
export function personName(message: string, max: number) {
  // Only a name of allowed length is looked at: the pattern's time grows with the text.
  return requiredText(message, max).refine((name) => name.length > max || !LINK_LIKE.test(name), {
    message: "Enter a name without links or e-mail addresses",
  });
}

/** Optional free text; null and absent both mean "not given". */
export function optionalText(max: number) {
  return z.string().trim().max(max, `Use at most ${max} characters`).nullish();
}

export const EmailAddress = requiredText("Enter your e-mail address", 254).check(
  z.email("Enter a valid e-mail address"),
);
export type EmailAddress = z.infer<typeof EmailAddress>;

/**
 * RFC 9457 problem details; `code` says what went wrong (problems.ts), `errors` maps a field
 * name to its messages.
 */
// Loose: RFC 9457 lets a problem carry extension members (when a lock ends, which SKUs are short).
export const ProblemDetails = z.looseObject({
  type: z.string(),
  code: ProblemCode,
  title: z.string(),
  status: z.number().int().optional(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** The request's id (also the X-Request-Id header): what a customer quotes to support. */
  requestId: z.string().optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;

/** Answer of a command with nothing else to return; the web shows it as a success toast. */
export const SuccessEnvelope = z.object({
  success: z.boolean(),
  message: z.string(),
  title: z.string(),
});
export type SuccessEnvelope = z.infer<typeof SuccessEnvelope>;

export const NotificationLevel = z.enum(["warning", "error", "success"]);
export type NotificationLevel = z.infer<typeof NotificationLevel>;

export const BreadcrumbItem = z.object({
  text: z.string(),
  currentUrl: z.string(),
  isBrand: z.boolean(),
  isProduct: z.boolean(),
});
export type BreadcrumbItem = z.infer<typeof BreadcrumbItem>;

/**
 * NoImage is a role only so that its holders see the No Images work list at /manage; a Rep
 * shops as the customer accounts an admin assigned to them (decision 127).
 */
export const RoleName = z.enum(["Customer", "Staff", "Admin", "NoImage", "Rep"]);
export type RoleName = z.infer<typeof RoleName>;

export const MAX_QUANTITY = 9999;

/** A number of packs on a line: whole, 1 to 9 999. */
export const Quantity = z
  .number({ error: "Enter a quantity" })
  .int("Quantity must be a whole number of packs")
  .min(1, "Quantity must be at least 1")
  .max(MAX_QUANTITY, "Quantity cannot be more than 9 999");
export type Quantity = z.infer<typeof Quantity>;

export const SkuCode = requiredText("Enter a product code", 40);
export type SkuCode = z.infer<typeof SkuCode>;

/** Who may call the staff routes of the API table, and the admin-only ones. */
export const STAFF_ROLES = ["Staff", "Admin"] as const satisfies readonly RoleName[];
export const ADMIN_ROLES = ["Admin"] as const satisfies readonly RoleName[];
