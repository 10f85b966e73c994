// Builds the real app on a fresh copy of the seeded database for one test file, and drives
// it with app.inject the way the web app does: JSON, bearer token, TenantId and XSRF token.
import { randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import type { Lifecycle } from "../src/app-deps";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { Database } from "../src/db/database";
import { createTokenService, type TokenService } from "../src/core/tokens";
import { createShopOutboxWorker, type OutboxWorker } from "../src/modules/outbox";
import { openTestDatabase } from "./databases";

export const DEMO_PASSWORD = "Demo-Trade-2026";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  tokens: TokenService;
  /** The signing secret, for tests that mint their own tokens (expired ones, say). */
  secret: string;
  /** The shop's background worker, not started: tests call `outbox.drain()` when they want work done. */
  outbox: OutboxWorker;
  /** Set `draining` to see the app as it is during a graceful shutdown. */
  lifecycle: Lifecycle;
  request(options: RequestOptions): Promise<LightMyRequestResponse>;
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface RequestOptions {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  body?: unknown;
  token?: string;
  tenantId?: string;
  headers?: Record<string, string>;
  /** The client's address, for per-address limits (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (SMTP_URL, LDAP_URL, ...). */
  env?: Record<string, string>;
  /** What time the app thinks it is (AppDeps.clock); the real time when not given. */
  clock?: () => Date;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(inject("template"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    // Test files log in far more often than people do; the limits get their own tests.
    AUTH_RATE_LIMIT_FACTOR: "100",
    ...options.env,
  });
  const secret = randomBytes(32).toString("hex");
  const tokens = createTokenService(secret, config.TOKEN_LIFETIME_HOURS);
  const outbox = createShopOutboxWorker(config, database);
  const lifecycle: Lifecycle = { draining: false };
  const app = await buildApp({ config, database, tokens, outbox, lifecycle, clock: options.clock });
  await app.ready();
  const xsrf = randomBytes(16).toString("hex");

  const request = ({ method, url, body, token, tenantId, headers = {}, remoteAddress }: RequestOptions) =>
    app.inject({
      method,
      url,
      ...(remoteAddress ? { remoteAddress } : {}),
      headers: {
        accept: "application/json",
        cookie: `XSRF-TOKEN=${xsrf}`,
        "x-xsrf-token": xsrf,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(tenantId ? { tenantid: tenantId } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });

  return {
    app,
    database,
    tokens,
    secret,
    outbox,
    lifecycle,
    request,
    async login(username, password = DEMO_PASSWORD) {
      const res = await request({
        method: "POST",
        url: "/api/Users/Authenticate",
        body: { username, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    async close() {
      await outbox.stop();
      await app.close();
      await database.close();
    },
  };
}
