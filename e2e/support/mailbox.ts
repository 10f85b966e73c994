// Reading what the demo shop sent (GET /dev/mailbox?format=json). Messages go out through the
// outbox a moment after the request that queued them, so reading waits for them to arrive.

/**
 * One message as the dev-only mailbox route lists it. That route has no contract in
 * packages/contracts (it exists only in demo mode), so its shape is written down here.
 */
export interface MailboxMessage {
  id: number;
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  body: string;
  sentAt: string;
}

async function readMailbox(baseUrl: string): Promise<MailboxMessage[]> {
  const res = await fetch(`${baseUrl}/dev/mailbox?format=json`);
  if (!res.ok) throw new Error(`the mailbox answered ${res.status}`);
  return ((await res.json()) as { messages: MailboxMessage[] }).messages;
}

/** The newest message to `recipient` whose body matches `pattern`, polling until `timeoutMs` runs out. */
export async function waitForMessage(
  baseUrl: string,
  recipient: string,
  pattern: RegExp,
  { after = 0, timeoutMs = 20_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox(baseUrl)).find(
      (m) => m.recipient.toLowerCase() === recipient.toLowerCase() && m.id > after && pattern.test(m.body),
    );
    if (found) return found;
    if (Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no message to ${recipient} matching ${pattern} arrived within ${timeoutMs} ms`);
}

/** The id of the newest message so far, so a test can wait for one sent after it. */
export async function lastMessageId(baseUrl: string): Promise<number> {
  return (await readMailbox(baseUrl)).reduce((max, m) => Math.max(max, m.id), 0);
}
