// A back office on 127.0.0.1 for BACKOFFICE_MODE=http (modules/backoffice/http-adapter.ts): it
// checks each hand-off's signature, makes one sales order per Idempotency-Key however often the
// order is sent (a real one must, as a hand-off may be repeated), and answers as the drill says:
// 200 with the sales order number, or an error status for a while. Every request is recorded.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  BACKOFFICE_SIGNATURE_HEADER,
  BACKOFFICE_TIMESTAMP_HEADER,
  BackOfficeHandOff,
} from "@trade-shop/contracts/backoffice";
import { checkSignature } from "../../apps/server/src/modules/backoffice/signature";

export interface HandOffRequest {
  /** The Idempotency-Key header. */
  key: string;
  /** The body's idempotencyKey and order id (undefined when the body did not parse). */
  bodyKey?: string;
  orderId?: number;
  signed: boolean;
  /** What the back office answered. */
  status: number;
  receivedAt: number;
}

export interface FakeBackOffice {
  url: string;
  secret: string;
  requests: HandOffRequest[];
  /** Idempotency-Key -> the sales order made for it. */
  salesOrders: Map<string, string>;
  /** The status to answer the next request with (200 makes or repeats the sales order). */
  answer: () => number;
  /** Each answer waits this long, as a busy back office would (the hand-off is in hand meanwhile). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startBackOffice(
  options: { answer?: () => number; delayMs?: number } = {},
): Promise<FakeBackOffice> {
  const secret = randomBytes(32).toString("hex");
  const requests: HandOffRequest[] = [];
  const salesOrders = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const key = String(req.headers["idempotency-key"]);
      const signed =
        checkSignature(
          secret,
          {
            timestamp: header(req.headers[BACKOFFICE_TIMESTAMP_HEADER.toLowerCase()]),
            signature: header(req.headers[BACKOFFICE_SIGNATURE_HEADER.toLowerCase()]),
            body,
          },
          { windowSeconds: 300, nowSeconds: Math.floor(Date.now() / 1000) },
        ) === undefined;
      const parsed = safeHandOff(body);
      const status = signed ? backOffice.answer() : 401;
      requests.push({
        key,
        bodyKey: parsed?.idempotencyKey,
        orderId: parsed?.order.id,
        signed,
        status,
        receivedAt: Date.now(),
      });
      // The sales order is made when the order is accepted, before the answer leaves.
      if (status === 200 && !salesOrders.has(key))
        salesOrders.set(key, `SO${700_000 + salesOrders.size + 1}`);
      setTimeout(() => {
        if (status !== 200)
          return void res.writeHead(status, { "content-type": "text/plain" }).end("back office unavailable");
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ salesOrderNumber: salesOrders.get(key) }));
      }, backOffice.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const backOffice: FakeBackOffice = {
    url: `http://127.0.0.1:${port}/sales-orders`,
    secret,
    requests,
    salesOrders,
    answer: options.answer ?? (() => 200),
    delayMs: options.delayMs ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return backOffice;
}

/** The server environment that hands orders to this back office. */
export function backOfficeEnv(backOffice: FakeBackOffice): Record<string, string> {
  return {
    BACKOFFICE_MODE: "http",
    BACKOFFICE_URL: backOffice.url,
    BACKOFFICE_SECRET: backOffice.secret,
    BACKOFFICE_TIMEOUT_MS: "5000",
  };
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function safeHandOff(body: string): BackOfficeHandOff | undefined {
  try {
    return BackOfficeHandOff.parse(JSON.parse(body));
  } catch {
    return undefined;
  }
}
