// What the shop sends people (e-mail and SMS) and how a service asks for it: by queueing the
// message in the outbox inside its own transaction, so a message goes out exactly when the
// change that caused it commits, and is retried until it does.
import { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";
import { enqueue, type OutboxMessage } from "../../core/outbox";

export const EMAIL_TOPIC = "messaging.email";
export const SMS_TOPIC = "messaging.sms";

/** A file sent with an e-mail (a statement PDF), base64 in the outbox payload. */
export const EmailAttachment = z.object({
  filename: z.string().min(1).max(120),
  contentType: z.string().min(3),
  contentBase64: z.base64(),
});

export const EmailMessage = z.object({
  to: z.string().min(3),
  subject: z.string().min(1),
  text: z.string().min(1),
  attachments: z.array(EmailAttachment).max(3).optional(),
});
export type EmailMessage = z.infer<typeof EmailMessage>;

export const SmsMessage = z.object({
  /** E.164, e.g. +27820000003. */
  to: z.string().regex(/^\+\d{8,15}$/),
  text: z.string().min(1).max(480),
});
export type SmsMessage = z.infer<typeof SmsMessage>;

export type Channel = "email" | "sms";

/** Demo mode records what it would send; otherwise a channel needs its transport. */
export function canSend(
  config: Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL">,
  channel: Channel,
): boolean {
  if (config.demoMode) return true;
  return channel === "email" ? config.SMTP_URL !== undefined : config.SMS_URL !== undefined;
}

/** Refuses up front (503) rather than queueing a message nobody can deliver. */
export function assertCanSend(config: Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL">, channel: Channel) {
  if (canSend(config, channel)) return;
  const what = channel === "email" ? "E-mail" : "SMS";
  throw new DomainError("service_unavailable", `${what} cannot be sent from this shop at the moment.`, {
    extensions: { detail: `The shop has no ${channel === "email" ? "SMTP_URL" : "SMS_URL"} configured.` },
  });
}

export function queueEmail(trx: Db, idempotencyKey: string, message: EmailMessage) {
  return enqueue(trx, emailToQueue(idempotencyKey, message));
}

/** The outbox message of an e-mail, for a caller that queues it with others in one statement. */
export function emailToQueue(idempotencyKey: string, message: EmailMessage): OutboxMessage {
  return { topic: EMAIL_TOPIC, idempotencyKey, payload: EmailMessage.parse(message) };
}

export function queueSms(trx: Db, idempotencyKey: string, message: SmsMessage) {
  return enqueue(trx, { topic: SMS_TOPIC, idempotencyKey, payload: SmsMessage.parse(message) });
}
