// The outbox handlers that deliver e-mail (SMTP, nodemailer) and SMS (an HTTP provider), and
// record each message in sent_messages. Without a transport, demo mode only records; elsewhere
// the message fails, is retried and finally parked, so nothing is lost while it is unset.
import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { onTheFarSide, RemoteFailure, type OutboxHandlers, type OutboxJob } from "../../core/outbox";
import { EMAIL_TOPIC, EmailMessage, SMS_TOPIC, SmsMessage } from "./outgoing";
import { recordSentMessage } from "./queries";

const SEND_TIMEOUT_MS = 30_000;

type MessagingConfig = Pick<Config, "demoMode" | "SMTP_URL" | "MAIL_FROM" | "SMS_URL" | "SMS_TOKEN">;

// The same outbox message always carries the same Message-ID, so a repeat after a crash
// between sending and marking done can be recognised by the receiving side.
function messageIdFor(job: OutboxJob) {
  const digest = createHash("sha256").update(job.idempotencyKey).digest("hex").slice(0, 32);
  return `<${digest}@trade-shop>`;
}

export function messagingHandlers(config: MessagingConfig, db: Db): OutboxHandlers {
  const mailer = config.SMTP_URL
    ? nodemailer.createTransport({
        url: config.SMTP_URL,
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      })
    : undefined;

  return {
    async [EMAIL_TOPIC](job) {
      const message = EmailMessage.parse(job.payload);
      if (mailer) {
        await onTheFarSide(() =>
          mailer.sendMail({
            from: config.MAIL_FROM,
            to: message.to,
            subject: message.subject,
            text: message.text,
            ...(message.attachments
              ? {
                  attachments: message.attachments.map((file) => ({
                    filename: file.filename,
                    contentType: file.contentType,
                    content: Buffer.from(file.contentBase64, "base64"),
                  })),
                }
              : {}),
            messageId: messageIdFor(job),
          }),
        );
      } else if (!config.demoMode) {
        throw new Error("E-mail is not configured (SMTP_URL is unset)");
      }
      await recordSentMessage(db, {
        outboxId: job.id,
        channel: "email",
        recipient: message.to,
        subject: message.subject,
        body: message.attachments?.length
          ? `${message.text}\n\nAttached: ${message.attachments.map((file) => file.filename).join(", ")}`
          : message.text,
        delivery: mailer ? "smtp" : "recorded",
      });
    },

    // The provider contract: POST JSON { to, message, reference } with a bearer token; any 2xx
    // is accepted. The reference (also sent as Idempotency-Key) lets a provider drop repeats.
    async [SMS_TOPIC](job) {
      const message = SmsMessage.parse(job.payload);
      if (config.SMS_URL) {
        const response = await onTheFarSide(() =>
          fetch(config.SMS_URL!, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "idempotency-key": job.idempotencyKey,
              ...(config.SMS_TOKEN ? { authorization: `Bearer ${config.SMS_TOKEN}` } : {}),
            },
            body: JSON.stringify({ to: message.to, message: message.text, reference: job.idempotencyKey }),
            signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          }),
        );
        if (!response.ok) {
          const detail = (await response.text().catch(() => "")).slice(0, 200);
          throw new RemoteFailure(
            `SMS provider answered ${response.status}${detail ? `: ${detail}` : ""}`,
            false,
          );
        }
      } else if (!config.demoMode) {
        throw new Error("SMS is not configured (SMS_URL is unset)");
      }
      await recordSentMessage(db, {
        outboxId: job.id,
        channel: "sms",
        recipient: message.to,
        subject: null,
        body: message.text,
        delivery: config.SMS_URL ? "http" : "recorded",
      });
    },
  };
}
