// GET /dev/mailbox: in demo mode, the e-mail and SMS the shop sent (or would have sent),
// newest first, so a person trying the shop locally can read a registration PIN or open a
// reset link. `?format=json` gives the same list to scripts and browser tests. Outside demo
// mode the page does not exist (404).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../../app-deps";
import { problem, sendProblem } from "../../http/problem-details";
import { recentMessages } from "./queries";

const MAILBOX_SIZE = 100;

const MailboxQuery = z.object({ format: z.enum(["html", "json"]).default("html") });

type Message = Awaited<ReturnType<typeof recentMessages>>[number];

// "22-Nov-2026 14:05" in Johannesburg, as the shop shows times (docs/rules.md).
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const sastParts = new Intl.DateTimeFormat("en-ZA", {
  timeZone: "Africa/Johannesburg",
  day: "2-digit",
  month: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
function shopTime(date: Date) {
  const parts = sastParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}-${MONTHS[Number(part("month")) - 1]}-${part("year")} ${part("hour")}:${part("minute")}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

// Links in a message (the reset link) are clickable; everything else is shown as sent.
const withLinks = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function renderMailbox(messages: Message[]) {
  const items = messages
    .map(
      (m) => `<article>
  <header><span class="channel">${m.channel === "email" ? "E-mail" : "SMS"}</span>
  to <strong>${escapeHtml(m.recipient)}</strong> · <time datetime="${m.sentAt.toISOString()}">${shopTime(m.sentAt)}</time> · ${m.delivery === "recorded" ? "recorded only" : `sent by ${m.delivery.toUpperCase()}`}</header>
  ${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ""}
  <pre>${withLinks(escapeHtml(m.body))}</pre>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en-ZA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · Trade Shop demo</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1f2933; }
  article { border: 1px solid #cbd2d9; border-radius: 6px; padding: 0.75rem 1rem; margin: 1rem 0; }
  header { color: #52606d; font-size: 0.9rem; }
  .channel { font-weight: 600; color: #1f2933; }
  h2 { font-size: 1.05rem; margin: 0.5rem 0 0; }
  pre { white-space: pre-wrap; font: inherit; margin: 0.5rem 0 0; }
</style>
</head>
<body>
<h1>Mailbox</h1>
<p>E-mail and SMS messages this demo shop sent, newest first (the last ${MAILBOX_SIZE}). Reload to see new ones.</p>
${items || "<p>No messages yet.</p>"}
</body>
</html>`;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6; the socket's own address, never a forwarded one. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}

export function mailboxRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  app.get("/dev/mailbox", { schema: { hide: true, querystring: MailboxQuery } }, async (request, reply) => {
    // It shows PINs and reset links: only in demo mode, and only to a browser on this machine.
    if (!config.demoMode || !isLoopback(request.socket.remoteAddress)) {
      return sendProblem(
        reply,
        problem("not_found", "Not Found", {
          detail: "The mailbox exists only in demo mode, for browsers on the shop's own machine.",
        }),
      );
    }
    const messages = await recentMessages(database.db, MAILBOX_SIZE);
    reply.header("Cache-Control", "no-store");
    const { format } = request.query as z.infer<typeof MailboxQuery>;
    if (format === "json") {
      return { messages: messages.map((m) => ({ ...m, sentAt: m.sentAt.toISOString() })) };
    }
    return reply.type("text/html; charset=utf-8").send(renderMailbox(messages));
  });
}
