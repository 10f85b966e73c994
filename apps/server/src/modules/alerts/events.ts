// From a change to alerts (docs/rules.md "Alerts"): the outbox message "alerts.event" that the
// triggers of migration 0026 record with the change (or the month-end run, statement-ready.ts)
// becomes, when the worker runs it, one alert per person to tell, each in its own transaction that checks the
// person is still on the account, reads their choices, applies the throttle and queues the
// e-mail, SMS and push messages.
import { z } from "zod";
import type { AlertKind } from "@trade-shop/contracts/alerts";
import { formatMonth, formatRandCents } from "@trade-shop/contracts/format";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { enqueue } from "../../core/outbox";
import { queueEmail, queueSms } from "../messaging";
import { channelsFor } from "./preferences";
import { recipientOf } from "./recipients";

export const EVENT_TOPIC = "alerts.event";
export const PUSH_TOPIC = "alerts.push";

/** One alert per kind and subject per person within this long; later ones are coalesced into it. */
export const THROTTLE_MS = 60_000;

const When = z.string().transform((text) => new Date(text));

export const AlertEvent = z.discriminatedUnion("kind", [
  z.object({
    kind: z.enum(["order_status", "approval_needed", "approval_decided"]),
    orderId: z.number().int(),
    status: z.string(),
    reason: z.string().nullable(),
    changedBy: z.number().int().nullable(),
    occurredAt: When,
  }),
  z.object({
    kind: z.literal("back_in_stock"),
    skuCode: z.string(),
    warehouseCode: z.string(),
    occurredAt: When,
  }),
  z.object({
    kind: z.literal("statement_ready"),
    customerId: z.number().int(),
    month: z.string(),
    occurredAt: When,
  }),
]);
export type AlertEvent = z.infer<typeof AlertEvent>;

/** One alert for one person, before it is throttled and sent. */
export interface AlertDraft {
  userId: number;
  customerId: number;
  kind: AlertKind;
  /** What it is about, for the throttle: "order:12", "product:ABC123", "statement:2026-10". */
  subject: string;
  title: string;
  body: string;
  link: string;
  occurredAt: Date;
  /**
   * The e-mail's outbox key when another module may already send the same news by e-mail (the
   * orders module's approval e-mails): the same key, so the outbox sends one.
   */
  emailKey?: string;
}

async function orderDrafts(db: Db, event: Extract<AlertEvent, { orderId: number }>): Promise<AlertDraft[]> {
  const order = await db
    .selectFrom("orders")
    .leftJoin("users as placer", "placer.id", "orders.userId")
    .select([
      "orders.id",
      "orders.orderId",
      "orders.customerId",
      "orders.userId",
      "orders.totalInclCents",
      "placer.firstname",
      "placer.lastname",
    ])
    .where("orders.id", "=", event.orderId)
    .executeTakeFirst();
  if (!order) return [];
  const base = {
    customerId: order.customerId,
    kind: event.kind,
    subject: `order:${order.id}`,
    link: `/orders-history/${order.id}`,
    occurredAt: event.occurredAt,
  };
  const why = event.reason ? `: ${event.reason}` : "";
  if (event.kind === "approval_needed") {
    const owners = await db
      .selectFrom("users")
      .select("id")
      .where("customerId", "=", order.customerId)
      .where("accountRole", "=", "Owner")
      .where("isActive", "=", true)
      .execute();
    const buyer = `${order.firstname ?? ""} ${order.lastname ?? ""}`.trim() || "A buyer";
    return owners
      .filter((owner) => owner.id !== order.userId && owner.id !== event.changedBy)
      .map((owner) => ({
        ...base,
        userId: owner.id,
        title: `Order ${order.orderId} needs your approval`,
        body: `${buyer} placed order ${order.orderId} for ${formatRandCents(Number(order.totalInclCents))}, over their order limit. Approve or reject it.`,
        emailKey: `approval-request:${order.id}`,
      }));
  }
  if (order.userId === null || order.userId === event.changedBy) return [];
  if (event.kind === "approval_decided") {
    const approved = event.status === "Pending";
    return [
      {
        ...base,
        userId: order.userId,
        title: approved ? `Order ${order.orderId} was approved` : `Order ${order.orderId} was not approved`,
        body: approved
          ? `Your order ${order.orderId} was approved and has gone to us for picking.`
          : `Your order ${order.orderId} was not approved${why}. Its stock has been released.`,
        emailKey: `approval-${approved ? "approved" : "rejected"}:${order.id}`,
      },
    ];
  }
  return [
    {
      ...base,
      userId: order.userId,
      title: `Order ${order.orderId}: ${event.status}`,
      body: `Your order ${order.orderId} is now ${event.status}${why}.`,
    },
  ];
}

async function backInStockDrafts(
  db: Db,
  event: Extract<AlertEvent, { kind: "back_in_stock" }>,
): Promise<AlertDraft[]> {
  // Still there: a product that sold out again before the worker ran is not news.
  const stock = await db
    .selectFrom("stock")
    .innerJoin("products", "products.skuCode", "stock.skuCode")
    .select(["stock.onHand", "products.description", "products.active"])
    .where("stock.skuCode", "=", event.skuCode)
    .where("stock.warehouseCode", "=", event.warehouseCode)
    .executeTakeFirst();
  if (!stock || stock.onHand <= 0 || !stock.active) return [];
  const wishers = await db
    .selectFrom("wishlistItems")
    .innerJoin("wishlists", "wishlists.id", "wishlistItems.wishlistId")
    .innerJoin("customers", "customers.id", "wishlists.customerId")
    .select(["wishlists.userId", "wishlists.customerId"])
    .where("wishlistItems.skuCode", "=", event.skuCode)
    .where("customers.stockingWarehouseCode", "=", event.warehouseCode)
    .execute();
  return wishers.flatMap(({ userId, customerId }) =>
    customerId === null
      ? []
      : [
          {
            userId,
            customerId,
            kind: "back_in_stock" as const,
            subject: `product:${event.skuCode}`,
            title: `Back in stock: ${stock.description}`,
            body: `${stock.description} (${event.skuCode}), on your wishlist, is in stock again.`,
            link: `/products/${encodeURIComponent(event.skuCode)}`,
            occurredAt: event.occurredAt,
          },
        ],
  );
}

async function statementDrafts(
  db: Db,
  event: Extract<AlertEvent, { kind: "statement_ready" }>,
): Promise<AlertDraft[]> {
  const people = await db
    .selectFrom("users")
    .select("id")
    .where("customerId", "=", event.customerId)
    .where("isActive", "=", true)
    .execute();
  const name = formatMonth(event.month);
  return people.map((person) => ({
    userId: person.id,
    customerId: event.customerId,
    kind: "statement_ready" as const,
    subject: `statement:${event.month}`,
    title: `Your statement for ${name} is ready`,
    body: `The account's statement for ${name} is ready to read and download.`,
    link: `/statements?month=${event.month}`,
    occurredAt: event.occurredAt,
  }));
}

/** Everyone the event may tell, before their choices and the throttle. */
export function draftsOf(db: Db, event: AlertEvent): Promise<AlertDraft[]> {
  switch (event.kind) {
    case "back_in_stock":
      return backInStockDrafts(db, event);
    case "statement_ready":
      return statementDrafts(db, event);
    default:
      return orderDrafts(db, event);
  }
}

/** South African numbers in any usual spelling as E.164 (as registration reads them). */
function toE164(number: string | null): string | undefined {
  if (!number) return undefined;
  let digits = number.replace(/\D/g, "");
  if (digits.length === 10 && digits.startsWith("0")) digits = `27${digits.slice(1)}`;
  return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : undefined;
}

type LinkConfig = Pick<Config, "publicUrl">;

/**
 * Makes and sends one alert in its own transaction. Nothing when the person left the account
 * (or was disabled), or wants none of it; coalesced into the alert of the same kind and subject
 * made less than a minute before (its text becomes this one's, unread again, nothing sent
 * again); else recorded and queued on each channel they chose. Returns the alert's id, if one
 * was made.
 */
export async function deliverDraft(
  db: Db,
  config: LinkConfig,
  draft: AlertDraft,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const person = await recipientOf(trx, draft.userId, draft.customerId);
    if (!person) return undefined;
    const channels = await channelsFor(trx, draft.userId, draft.customerId, draft.kind);
    const devices = channels.push
      ? await trx.selectFrom("pushSubscriptions").select("id").where("userId", "=", draft.userId).execute()
      : [];
    // The number on record is the account's contact's: SMS reaches only the account's owner.
    const phone = channels.sms && person.accountRole === "Owner" ? toE164(person.cellphone) : undefined;
    if (!channels.inShop && !channels.email && !phone && devices.length === 0) return undefined;

    const recent = await trx
      .selectFrom("alerts")
      .select(["id", "shown"])
      .where("userId", "=", draft.userId)
      .where("customerId", "=", draft.customerId)
      .where("kind", "=", draft.kind)
      .where("subject", "=", draft.subject)
      .where("createdAt", ">", new Date(draft.occurredAt.getTime() - THROTTLE_MS))
      .orderBy("createdAt", "desc")
      .executeTakeFirst();
    if (recent) {
      await trx
        .updateTable("alerts")
        .set({
          title: draft.title,
          body: draft.body,
          link: draft.link,
          updatedAt: draft.occurredAt,
          readAt: null,
        })
        .where("id", "=", recent.id)
        .where("updatedAt", "<=", draft.occurredAt)
        .execute();
      return undefined;
    }

    const { id } = await trx
      .insertInto("alerts")
      .values({
        userId: draft.userId,
        customerId: draft.customerId,
        kind: draft.kind,
        subject: draft.subject,
        title: draft.title,
        body: draft.body,
        link: draft.link,
        shown: channels.inShop,
        createdAt: draft.occurredAt,
        updatedAt: draft.occurredAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const address = `${config.publicUrl}${draft.link}`;
    if (channels.email) {
      await queueEmail(trx, draft.emailKey ?? `alert:${id}:email`, {
        to: person.email,
        subject: draft.title,
        text: [
          `Hello ${person.firstname},`,
          "",
          draft.body,
          "",
          address,
          "",
          `You choose which alerts you get, and how: ${config.publicUrl}/alerts`,
          "Trade Shop",
        ].join("\n"),
      });
    }
    if (phone) {
      await queueSms(trx, `alert:${id}:sms`, { to: phone, text: `${draft.title}. ${address}`.slice(0, 480) });
    }
    for (const device of devices) {
      await enqueue(trx, {
        topic: PUSH_TOPIC,
        idempotencyKey: `alert:${id}:push:${device.id}`,
        payload: { alertId: id, subscriptionId: device.id },
      });
    }
    return id;
  });
}
