// Statements per order, counted in-process: the app built on a pool whose every query is noted.
import { randomBytes } from "node:crypto";
import type { Cart } from "@trade-shop/contracts/cart";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config";
import { openDatabase } from "../../apps/server/src/db/database";
import { DEMO_PASSWORD } from "../../apps/server/src/demo-data/generate";
import { createTokenService } from "../../apps/server/src/core/tokens";
import { PROFILE_ORDERS } from "./settings";
import { type Timing, timing, seededRandom } from "./stats";
import { type Shop, orderLines, commandFrom } from "./shop";
import { jsonHeaders } from "./client";

export interface Profile {
  orders: number;
  perRequest: Timing;
  inTransaction: Timing;
  latency: Timing;
  /** Of the request's time, the part spent waiting for statements to come back. */
  inStatements: Timing;
  /** The statements of one order's POST /api/Order, abbreviated, with their median time over all orders. */
  sample: { text: string; ms: number }[];
}

export async function profileStatements(url: string, shop: Shop): Promise<Profile> {
  const database = await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 2, workerPoolSize: 1 });
  const seen: { text: string; ms: number }[] = [];
  database.pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string }).text ?? "?");
      const entry = { text: text.replace(/\s+/g, " ").trim(), ms: Number.NaN };
      seen.push(entry);
      const start = performance.now();
      const answer = query(...args);
      if (answer instanceof Promise)
        void answer.finally(() => (entry.ms = performance.now() - start)).catch(() => undefined);
      return answer;
    };
  });
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    AUTH_RATE_LIMIT_FACTOR: "0",
    DATABASE_URL: url,
  });
  const tokens = createTokenService(randomBytes(32).toString("hex"), config.TOKEN_LIFETIME_HOURS);
  const app = await buildApp({ config, database, tokens });
  try {
    await app.ready();
    const inject = async (url: string, token: string | undefined, body: unknown) => {
      const res = await app.inject({
        method: "POST",
        url,
        headers: { ...jsonHeaders, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: JSON.stringify(body),
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as unknown;
    };
    const username = shop.usernames.at(-1)!;
    const { token } = (await inject("/api/Users/Authenticate", undefined, {
      username,
      password: DEMO_PASSWORD,
    })) as { token: string };
    const random = seededRandom(7);
    const perRequest: number[] = [];
    const inTransaction: number[] = [];
    const latency: number[] = [];
    const inStatements: number[] = [];
    const orders: { text: string; ms: number }[][] = [];
    for (let i = 0; i < PROFILE_ORDERS; i++) {
      let cart: Cart | undefined;
      for (const [skuCode, quantity] of orderLines(shop, random)) {
        cart = (await inject("/api/Cart/AdditemToCart", token, { skuCode, quantity })) as Cart;
      }
      seen.length = 0;
      const start = performance.now();
      await inject("/api/Order", token, commandFrom(cart!));
      latency.push(performance.now() - start);
      const begin = seen.findIndex((s) => /^begin/i.test(s.text));
      const commit = seen.findIndex((s) => /^commit/i.test(s.text));
      perRequest.push(seen.length);
      inTransaction.push(begin >= 0 && commit > begin ? commit - begin + 1 : 0);
      inStatements.push(seen.reduce((sum, s) => sum + s.ms, 0));
      orders.push(seen.map((s) => ({ ...s })));
    }
    const last = orders.at(-1)!;
    const alike = orders.filter((o) => o.length === last.length);
    const sample = last.map((s, i) => ({
      text: s.text.length > 110 ? `${s.text.slice(0, 107)}...` : s.text,
      ms: timing(alike.map((o) => o[i]!.ms)).p50,
    }));
    return {
      orders: PROFILE_ORDERS,
      perRequest: timing(perRequest),
      inTransaction: timing(inTransaction),
      latency: timing(latency),
      inStatements: timing(inStatements),
      sample,
    };
  } finally {
    await app.close();
    await database.close();
  }
}
