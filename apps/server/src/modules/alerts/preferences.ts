// How each user wants to be told of each kind of alert on an account (docs/rules.md "Alerts"),
// and the devices their browsers subscribed for web push. A kind never chosen keeps the
// defaults: in the shop always; e-mail for approvals; push to any subscribed device; no SMS.
import {
  AlertKind,
  type AlertPreference,
  type AlertPreferences,
  type PushSubscriptionCommand,
} from "@trade-shop/contracts/alerts";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { vapidKeys } from "./push";

export type Channels = Omit<AlertPreference, "kind">;

/** What a user gets of a kind they never chose for (push goes only to subscribed devices anyway). */
export function defaultChannels(kind: AlertKind): Channels {
  const approval = kind === "approval_needed" || kind === "approval_decided";
  return { inShop: true, email: approval, sms: false, push: true };
}

/** The user's channels for one kind on one account. */
export async function channelsFor(
  db: Db,
  userId: number,
  customerId: number,
  kind: AlertKind,
): Promise<Channels> {
  const row = await db
    .selectFrom("alertPreferences")
    .select(["inShop", "email", "sms", "push"])
    .where("userId", "=", userId)
    .where("customerId", "=", customerId)
    .where("kind", "=", kind)
    .executeTakeFirst();
  return row ?? defaultChannels(kind);
}

export async function pushDevicesOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("pushSubscriptions")
    .select((eb) => eb.fn.countAll<string>().as("devices"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.devices);
}

type KeyConfig = Pick<Config, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY">;

export async function alertPreferences(
  db: Db,
  config: KeyConfig,
  userId: number,
  customerId: number,
): Promise<AlertPreferences> {
  const [rows, pushDevices, keys] = await Promise.all([
    db
      .selectFrom("alertPreferences")
      .select(["kind", "inShop", "email", "sms", "push"])
      .where("userId", "=", userId)
      .where("customerId", "=", customerId)
      .execute(),
    pushDevicesOf(db, userId),
    vapidKeys(db, config),
  ]);
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return {
    preferences: AlertKind.options.map((kind) => {
      const row = chosen.get(kind);
      // Push "on" by default means on for the devices there are: shown off while there are none.
      const channels = row ?? { ...defaultChannels(kind), push: pushDevices > 0 };
      return { kind, inShop: channels.inShop, email: channels.email, sms: channels.sms, push: channels.push };
    }),
    pushPublicKey: keys.publicKey,
    pushDevices,
  };
}

export async function setAlertPreferences(
  db: Db,
  config: KeyConfig,
  userId: number,
  customerId: number,
  preferences: readonly AlertPreference[],
): Promise<AlertPreferences> {
  if (preferences.length > 0) {
    await db
      .insertInto("alertPreferences")
      .values(preferences.map((p) => ({ userId, customerId, ...p })))
      .onConflict((oc) =>
        oc.columns(["userId", "customerId", "kind"]).doUpdateSet((eb) => ({
          inShop: eb.ref("excluded.inShop"),
          email: eb.ref("excluded.email"),
          sms: eb.ref("excluded.sms"),
          push: eb.ref("excluded.push"),
        })),
      )
      .execute();
  }
  return alertPreferences(db, config, userId, customerId);
}

/**
 * Adds (or takes over, for this user) the device's subscription. The user's first device turns
 * push on for every kind: while they had none the grid showed push off, and a choice saved then
 * (ticking SMS for statements, say) saved that "off" without meaning it.
 */
export async function subscribePush(
  db: Db,
  config: KeyConfig,
  userId: number,
  customerId: number,
  command: PushSubscriptionCommand,
): Promise<AlertPreferences> {
  if ((await pushDevicesOf(db, userId)) === 0) {
    await db
      .updateTable("alertPreferences")
      .set({ push: true })
      .where("userId", "=", userId)
      .where("customerId", "=", customerId)
      .execute();
  }
  const expiresAt = typeof command.expirationTime === "number" ? new Date(command.expirationTime) : null;
  const values = {
    endpoint: command.endpoint,
    userId,
    p256dh: command.keys.p256dh,
    auth: command.keys.auth,
    expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null,
  };
  await db
    .insertInto("pushSubscriptions")
    .values(values)
    .onConflict((oc) =>
      oc.column("endpoint").doUpdateSet({
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        expiresAt: values.expiresAt,
      }),
    )
    .execute();
  return alertPreferences(db, config, userId, customerId);
}

/** Forgets the device (only the caller's own subscription). */
export async function unsubscribePush(
  db: Db,
  config: KeyConfig,
  userId: number,
  customerId: number,
  endpoint: string,
): Promise<AlertPreferences> {
  await db
    .deleteFrom("pushSubscriptions")
    .where("endpoint", "=", endpoint)
    .where("userId", "=", userId)
    .execute();
  return alertPreferences(db, config, userId, customerId);
}
