// The messaging handlers' far side (an SMTP server, an SMS provider) is never taken for the
// database: a refused connection there reads like the database's own, and the outbox would run
// the message again in hand for a minute instead of counting an attempt (decision 157).
import { createServer, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { RemoteFailure, type OutboxJob } from "../../core/outbox";
import { messagingHandlers } from "./delivery";
import { EMAIL_TOPIC, SMS_TOPIC } from "./outgoing";

/** A loopback port nobody listens on: a connection to it meets a real ECONNREFUSED. */
function closedPort() {
  return new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("the messaging handlers", () => {
  it("fail as the far side's (a counted attempt) when the SMTP server or SMS provider refuses the connection", async () => {
    const port = await closedPort();
    const handlers = messagingHandlers(
      {
        demoMode: false,
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: "shop@example.com",
        SMS_URL: `http://127.0.0.1:${port}/sms`,
        SMS_TOKEN: undefined,
      },
      undefined as never, // not reached: nothing is recorded for a message that was not sent
    );
    const job = (topic: string, payload: unknown) =>
      ({ id: 1, topic, payload, attempts: 1, idempotencyKey: `k-${topic}` }) as unknown as OutboxJob;
    for (const [topic, payload] of [
      [EMAIL_TOPIC, { to: "a@example.com", subject: "s", text: "t" }],
      [SMS_TOPIC, { to: "+27821234567", text: "t" }],
    ] as const) {
      const error = await handlers[topic]!(job(topic, payload)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, topic).toBeInstanceOf(RemoteFailure);
      expect((error as RemoteFailure).unavailable, topic).toBe(false);
    }
  });
});
