// The outbox handlers of alerts: "alerts.event" (a change, recorded by the triggers of migration
// 0026, becomes alerts: events.ts) and "alerts.push" (one alert to one device). A push goes
// only while its person is still on the account; a subscription the push service calls gone
// (404, 410) is forgotten.
import { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { OutboxHandlers } from "../../core/outbox";
import { AlertEvent, deliverDraft, draftsOf, EVENT_TOPIC, PUSH_TOPIC } from "./events";
import { sendPush, vapidKeys, vapidSubject, type PushOutcome } from "./push";
import { recipientOf } from "./recipients";

const PushJob = z.object({ alertId: z.number().int(), subscriptionId: z.number().int() });

type AlertsConfig = Pick<
  Config,
  "publicUrl" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "MAIL_FROM"
>;

export interface AlertHandlerOptions {
  /** Told of each push's outcome (tests). */
  onPush?: (outcome: PushOutcome | "skipped") => void;
}

export function alertHandlers(
  config: AlertsConfig,
  db: Db,
  options: AlertHandlerOptions = {},
): OutboxHandlers {
  return {
    async [EVENT_TOPIC](job) {
      const event = AlertEvent.parse(job.payload);
      for (const draft of await draftsOf(db, event)) await deliverDraft(db, config, draft);
    },
    async [PUSH_TOPIC](job) {
      const { alertId, subscriptionId } = PushJob.parse(job.payload);
      const row = await db
        .selectFrom("alerts")
        .innerJoin("pushSubscriptions", "pushSubscriptions.userId", "alerts.userId")
        .select([
          "alerts.userId",
          "alerts.customerId",
          "alerts.kind",
          "alerts.subject",
          "alerts.title",
          "alerts.body",
          "alerts.link",
          "pushSubscriptions.endpoint",
          "pushSubscriptions.p256dh",
          "pushSubscriptions.auth",
        ])
        .where("alerts.id", "=", alertId)
        .where("pushSubscriptions.id", "=", subscriptionId)
        .executeTakeFirst();
      if (!row || !(await recipientOf(db, row.userId, row.customerId))) {
        options.onPush?.("skipped");
        return;
      }
      const keys = await vapidKeys(db, config);
      const outcome = await sendPush(
        row,
        { title: row.title, body: row.body, url: row.link, tag: `${row.kind}:${row.subject}` },
        { ...keys, subject: vapidSubject(config) },
      );
      if (outcome === "gone") {
        await db
          .deleteFrom("pushSubscriptions")
          .where("id", "=", subscriptionId)
          .where("endpoint", "=", row.endpoint)
          .execute();
      }
      options.onPush?.(outcome);
    },
  };
}
