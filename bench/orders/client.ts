// The server under load: a plain keep-alive HTTP client, one connection per simulated customer,
// and one customer's round of filling a cart and placing it.
import http from "node:http";
import type { Cart } from "@trade-shop/contracts/cart";
import { DEMO_PASSWORD } from "../../apps/server/src/demo-data/generate";
import { REQUEST_TIMEOUT_MS } from "./settings";
import { type Shop, orderLines, commandFrom } from "./shop";

const XSRF = "bench";
export const jsonHeaders = {
  "content-type": "application/json",
  cookie: `XSRF-TOKEN=${XSRF}`,
  "x-xsrf-token": XSRF,
};

interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

export function createClient(port: number, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return {
    request(method: "GET" | "POST", url: string, token?: string, body?: unknown): Promise<Answer> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const start = performance.now();
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method,
            path: url,
            agent,
            timeout: REQUEST_TIMEOUT_MS,
            headers: {
              ...jsonHeaders,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(payload ? { "content-length": Buffer.byteLength(payload) } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => {
              const ms = performance.now() - start;
              const text = Buffer.concat(chunks).toString("utf8");
              const isJson = (res.headers["content-type"] ?? "").includes("json");
              resolve({
                status: res.statusCode ?? 0,
                body: isJson && text ? (JSON.parse(text) as unknown) : text,
                ms,
              });
            });
            res.on("error", reject);
          },
        );
        req.on("timeout", () => req.destroy(new Error(`${method} ${url} timed out`)));
        req.on("error", reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

export type Client = ReturnType<typeof createClient>;

export interface Customer {
  username: string;
  token: string;
  random: () => number;
}

export interface Outcome {
  ok: boolean;
  /** POST /api/Order alone; undefined when the cart could not be filled. */
  orderMs?: number;
  refusal?: string;
}

/** One round of a customer: fill the cart as the web app does, then place it (timed). */
export async function placeOne(client: Client, shop: Shop, customer: Customer): Promise<Outcome> {
  let cart: Cart | undefined;
  for (const [skuCode, quantity] of orderLines(shop, customer.random)) {
    const added = await client.request("POST", "/api/Cart/AdditemToCart", customer.token, {
      skuCode,
      quantity,
    });
    if (added.status !== 200) return { ok: false, refusal: `cart ${added.status}` };
    cart = added.body as Cart;
  }
  const placed = await client.request("POST", "/api/Order", customer.token, commandFrom(cart!));
  if (placed.status === 200) return { ok: true, orderMs: placed.ms };
  // A refused cart is emptied, so the next round starts clean.
  await client.request("POST", "/api/Cart/ClearUserCart", customer.token, {});
  const code = (placed.body as { code?: string } | undefined)?.code;
  return { ok: false, orderMs: placed.ms, refusal: `${placed.status}${code ? ` ${code}` : ""}` };
}

export async function logIn(client: Client, username: string): Promise<string> {
  const res = await client.request("POST", "/api/Users/Authenticate", undefined, {
    username,
    password: DEMO_PASSWORD,
  });
  if (res.status !== 200) throw new Error(`log-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}
