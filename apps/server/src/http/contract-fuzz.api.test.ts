// Fuzzing every route from its contract: values the zod schemas accept, and the same values
// with one field broken (wrong type, huge, empty, emoji, NUL, an RTL override, prototype keys),
// sent as a caller the route is meant for and as a visitor. Whatever comes in, the server never
// answers 5xx, refuses with a problem-details body whose code the route declares, refuses what
// the schema refuses with a 400 (a private route refuses a visitor with 401 first), and a
// refused write leaves the database as it was. FUZZ_RUNS (per route) and FUZZ_SEED widen a run
// (FUZZ_ROUTE_MS and FUZZ_FILE_MS bound its time; FUZZ_REPORT names a file for the cases each
// route ran, for bench/results): `npm run fuzz`.
import { writeFileSync } from "node:fs";
import type { LightMyRequestResponse } from "fastify";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { ApiRoute } from "@trade-shop/contracts/api";
import type { Cart } from "@trade-shop/contracts/cart";
import type { ProblemCode } from "@trade-shop/contracts/problems";
import { signBody } from "../modules/backoffice";
import { problemsOf } from "./route";
import {
  arbitraryOf,
  BREAKAGE_NAMES,
  breakAt,
  fieldNamesOf,
  pathsOf,
  type Breakage,
  type Hints,
  type Path,
} from "../../test/arbitraries";
import { customerOf, findSku } from "../../test/fixtures";
import { placeTestOrder } from "../../test/orders";
import { loginPrincipals, makeUser, type Caller, type PrincipalName } from "../../test/principals";
import { expectProblem, ROUTES, urlOf, type TableRoute } from "../../test/route-table";
import { createTestApp, type TestApp } from "../../test/test-app";

// npm test runs this file on both databases: each sends its own cases (a seed of its own), 16 a
// route on PostgreSQL and 8 on PGlite, the slower, so together they cover 24 different cases a
// route for the time 24 took on one (decision 160). `npm run fuzz` sends thousands.
const ON_PGLITE = (process.env.TEST_DB ?? "pglite") === "pglite";
const RUNS = Number(process.env.FUZZ_RUNS ?? (ON_PGLITE ? 8 : 16));
const SEED = Number(process.env.FUZZ_SEED ?? (ON_PGLITE ? 20_261_129 : 20_260_612));
/** Wall-clock budget per route, and for the whole file: every route gets its share of what is left. */
const ROUTE_BUDGET_MS = Number(process.env.FUZZ_ROUTE_MS ?? Math.max(4_000, RUNS * 100));
const FILE_BUDGET_MS = Number(process.env.FUZZ_FILE_MS ?? Math.max(75_000, RUNS * 100 * ROUTES.length));
/** Cases each route ran and how long it took, written to FUZZ_REPORT when the file ends. */
const ran = new Map<string, { cases: number; ms: number }>();
const BACKOFFICE_SECRET = "contract-fuzz-backoffice-secret-0123456789";

type Part = "body" | "params" | "query";
const PARTS: readonly Part[] = ["body", "params", "query"];

/** One generated request: a value per part the route has, and at most one field broken. */
interface Case {
  values: Partial<Record<Part, unknown>>;
  broken: { part: Part; pathIndex: number; breakage: Breakage } | null;
}

/** The caller each route is meant for: its role, a customer for other private routes. */
function callerFor(route: ApiRoute): PrincipalName {
  if (!route.auth) return "customerA";
  if (route.roles?.includes("Admin") && !route.roles.includes("Staff")) return "admin";
  if (route.roles?.length) return "staff";
  return "customerA";
}

/** Codes any route may answer beside its own: a URL Fastify's router cannot read. */
const ANY_ROUTE: readonly ProblemCode[] = ["bad_request"];

// Rows whose number must not change when a write is refused.
const FINGERPRINT = sql<Record<string, string>>`SELECT
  (SELECT count(*) FROM orders)::text AS orders, (SELECT count(*) FROM order_lines)::text AS order_lines,
  (SELECT count(*) FROM users)::text AS users, (SELECT count(*) FROM users WHERE is_active)::text AS active_users,
  (SELECT coalesce(sum(token_version), 0) FROM users)::text AS token_versions,
  (SELECT count(*) FROM user_roles)::text AS user_roles, (SELECT count(*) FROM user_tenants)::text AS user_tenants,
  (SELECT count(*) FROM cart_items)::text AS cart_items, (SELECT count(*) FROM wishlist_items)::text AS wishlist_items,
  (SELECT count(*) FROM enquiries)::text AS enquiries, (SELECT count(*) FROM outbox)::text AS outbox,
  (SELECT count(*) FROM product_images)::text AS product_images, (SELECT count(*) FROM otp_requests)::text AS otp_requests,
  (SELECT count(*) FROM password_resets)::text AS password_resets, (SELECT count(*) FROM sent_messages)::text AS sent_messages,
  (SELECT count(*) FROM order_status_history)::text AS order_status_history,
  (SELECT count(*) FROM backoffice_callback_events)::text AS callback_events,
  (SELECT coalesce(sum(on_hand), 0) FROM stock)::text AS stock`;

describe("contract fuzzing: every route, valid and broken input, as its caller and as a visitor", () => {
  let t: TestApp;
  let callers: Record<PrincipalName, Caller>;
  let hints: Hints;
  /** Users a fuzzed admin request must not disable or rewrite: the callers themselves. */
  let protectedIds: Set<number>;
  let sacrificialId: number;
  let address = 0;
  let fileDeadline: number | undefined;

  beforeAll(async () => {
    t = await createTestApp({ env: { BACKOFFICE_SECRET } });
    callers = await loginPrincipals(t);
    const db = t.database.db;
    const trader = await customerOf(db, "trader");
    const sku = await findSku(db, {
      warehouseCode: trader.stockingWarehouseCode,
      tenantId: trader.tenantId,
      minStock: 200,
    });
    const order = await placeTestOrder(t, "trader", callers.customerA.token!, [1]);
    const cart = (
      await t.request({ method: "GET", url: "/api/Cart/GetUserCart", ...callers.customerA })
    ).json() as Cart;
    const users = await db.selectFrom("users").select(["id", "username", "email"]).execute();
    protectedIds = new Set(users.map((u) => u.id));
    sacrificialId = (
      await makeUser(t, callers.admin.token!, {
        username: "fuzz.target",
        roles: ["Staff"],
        tenants: ["gauteng"],
      })
    ).id;
    const emails = users.map((u) => u.email);
    hints = {
      skuCode: [sku.skuCode],
      productId: [sku.skuCode],
      quantity: [1, 2],
      orderReference: [cart.orderReference],
      orderId: [order.orderId],
      id: [order.id, sacrificialId],
      userId: [sacrificialId],
      username: ["trader", "spaza", ...emails],
      email: emails,
      emailAddress: emails,
      pastelCustomerAccount: ["CUS0001", "CUS0002"],
      customerAccount: ["CUS0001", "CUS0002"],
      tenants: [["gauteng"], ["coastal", "gauteng"]],
      roles: [["Staff"], ["Customer"]],
    };
  });
  afterAll(async () => {
    await t?.close();
    const report = process.env.FUZZ_REPORT;
    if (report) {
      const routes = Object.fromEntries(ran);
      const cases = [...ran.values()].reduce((sum, r) => sum + r.cases, 0);
      writeFileSync(report, JSON.stringify({ runs: RUNS, seed: SEED, cases, routes }, null, 2));
    }
  });

  /** What the server receives: JSON as it survives the wire, path and query values as text. */
  const onTheWire = (part: Part, value: unknown): unknown => {
    if (value === undefined) return undefined;
    if (part === "body") return JSON.parse(JSON.stringify(value)) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    );
  };

  /** Routes that act on a user by id never get one of the callers' ids. */
  const keepCallersSafe = (key: string, part: Part, value: unknown) => {
    const safe = (id: unknown) => (protectedIds.has(Number(id)) ? sacrificialId : id);
    if (!value || typeof value !== "object") return value;
    const record = value as Record<string, unknown>;
    if (key === "users.update" && part === "body" && "id" in record)
      return { ...record, id: safe(record.id) };
    if ((key === "users.enable" || key === "users.disable") && part === "params")
      return { ...record, id: safe(record.id) };
    return value;
  };

  /**
   * Half a character cannot travel in a URL: a path segment holding one is malformed
   * percent-encoding (the router's 400, before any login is looked at), and a query string
   * carries U+FFFD in its place. It is sent where a client can send it, in a JSON body.
   */
  const breakagesOf = (part: Part) =>
    part === "params" ? BREAKAGE_NAMES.filter((name) => name !== "loneSurrogate") : BREAKAGE_NAMES;

  const caseArbitrary = ({ key, route }: TableRoute): fc.Arbitrary<Case> => {
    const present = PARTS.filter((part) => route[part]);
    const values = fc.record(
      Object.fromEntries(
        present.map((part) => [
          part,
          arbitraryOf(route[part]!, hints).map((v) => keepCallersSafe(key, part, v)),
        ]),
      ),
    ) as fc.Arbitrary<Partial<Record<Part, unknown>>>;
    // A route without payload schemas still gets whatever a client might send it.
    const extra =
      present.length === 0
        ? fc.record({
            query: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
          })
        : values;
    const broken =
      present.length === 0
        ? fc.constant(null)
        : fc.option(
            fc.constantFrom(...present).chain((part) =>
              fc.record({
                part: fc.constant(part),
                pathIndex: fc.nat(),
                breakage: fc.constantFrom(...breakagesOf(part)),
              }),
            ),
            { freq: 3 },
          );
    return fc.record({ values: extra, broken });
  };

  /** The case's values, its one broken field applied, and a line saying what was broken. */
  const materialize = ({ key, route }: TableRoute, c: Case) => {
    const values = { ...c.values };
    let what = "valid";
    if (c.broken) {
      const { part, pathIndex, breakage } = c.broken;
      const schema = route[part]!;
      const paths: Path[] = [...pathsOf(values[part]), ...fieldNamesOf(schema).map((name) => [name])];
      const path = paths[pathIndex % paths.length]!;
      values[part] = keepCallersSafe(key, part, breakAt(values[part], path, breakage));
      what = `${breakage} at ${part}${path.map((p) => `.${p}`).join("")}`;
    }
    return { values, what };
  };

  const send = (
    route: ApiRoute,
    values: Partial<Record<Part, unknown>>,
    caller: Caller,
  ): Promise<LightMyRequestResponse> => {
    // A path parameter broken away altogether leaves its segment empty.
    const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const params = {
      ...Object.fromEntries(names.map((name) => [name, ""])),
      ...(onTheWire("params", values.params) as object),
    };
    const query = (onTheWire("query", values.query) ?? {}) as Record<string, string>;
    const raw = values.body === undefined ? undefined : JSON.stringify(values.body);
    address = (address + 1) % 60_000;
    const headers: Record<string, string> = {};
    // The back office's callbacks are signed instead of logged in.
    if (route.signed && raw !== undefined) {
      const timestamp = Math.floor(Date.now() / 1000);
      headers["x-tradeshop-timestamp"] = String(timestamp);
      headers["x-tradeshop-signature"] = signBody(BACKOFFICE_SECRET, timestamp, raw);
    }
    return t.app.inject({
      method: route.method,
      url: urlOf(route, params, query),
      // Its own address per request: the per-address rate limits have their own tests.
      remoteAddress: `10.${address >> 8}.${address & 255}.7`,
      headers: {
        accept: "application/json",
        cookie: "XSRF-TOKEN=fuzz-xsrf-token",
        "x-xsrf-token": "fuzz-xsrf-token",
        ...(raw !== undefined ? { "content-type": "application/json" } : {}),
        ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
        ...(caller.tenantId ? { tenantid: caller.tenantId } : {}),
        ...headers,
      },
      ...(raw !== undefined ? { payload: raw } : {}),
    });
  };

  const fingerprint = async () => (await FINGERPRINT.execute(t.database.db)).rows[0]!;

  /** Whether the route's own schemas accept what the server will receive. */
  const acceptedBySchemas = (route: ApiRoute, values: Partial<Record<Part, unknown>>) =>
    PARTS.every(
      (part) =>
        !route[part] ||
        (route[part] as z.ZodType).safeParse(
          onTheWire(part, values[part]) ?? (part === "body" ? undefined : {}),
        ).success,
    );

  it.each(ROUTES.map((r, i) => [`${r.route.method} ${r.route.path}`, r, i] as const))(
    "%s: no 5xx, problems it declares, 400 for what its schema refuses, refused writes change nothing",
    async (_name, entry, index) => {
      const { key, route } = entry;
      const allowed = new Set<string>([...problemsOf(route), ...ANY_ROUTE]);
      const who = callerFor(route);
      const writes = route.method !== "GET";
      const failures: string[] = [];

      const check = async (c: Case) => {
        const { values, what } = materialize(entry, c);
        const valid = acceptedBySchemas(route, values);
        for (const [label, caller] of [
          [who, callers[who]],
          ["anonymous", callers.anonymous],
        ] as const) {
          const before = writes ? await fingerprint() : undefined;
          const res = await send(route, values, caller);
          const where = `${key} as ${label}, ${what} (${valid ? "schema-valid" : "schema-invalid"})`;
          const problems: string[] = [];
          // A service the route needs and the tests do not configure (the staff directory) is a declared 503.
          const unconfigured = res.statusCode === 503 && allowed.has("service_unavailable");
          if (res.statusCode >= 500 && !unconfigured)
            problems.push(`answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400) {
            const code = expectProblem(res, where).code;
            if (!allowed.has(code)) problems.push(`answered ${code}, which the route does not declare`);
            // A visitor on a private route, and a signed route's request without a body (so unsigned), are
            // refused as unauthenticated before their input is looked at.
            const unsigned = route.signed && values.body === undefined;
            const refusedFirst =
              (route.auth && label === "anonymous") || unsigned ? "unauthenticated" : undefined;
            // The router refuses a path parameter over its length before any route runs.
            const unroutable = code === "uri_too_long" && route.params !== undefined;
            if (refusedFirst && code !== refusedFirst && !unroutable)
              problems.push(`a visitor got ${code}, not ${refusedFirst}`);
            if (
              !valid &&
              !refusedFirst &&
              res.statusCode !== 400 &&
              !(route.params && [404, 414].includes(res.statusCode))
            ) {
              problems.push(`refused input answered ${res.statusCode} ${code}, not 400`);
            }
            if (before) {
              const after = await fingerprint();
              if (JSON.stringify(after) !== JSON.stringify(before)) {
                problems.push(
                  `refused (${res.statusCode} ${code}) but the database changed: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
                );
              }
            }
          } else if (!valid) {
            problems.push(`accepted (${res.statusCode}) input its schema refuses`);
          }
          if (({} as Record<string, unknown>).polluted !== undefined)
            problems.push("Object.prototype was polluted");
          for (const p of problems) failures.push(`${where}: ${p}`);
        }
      };

      const started = Date.now();
      let cases = 0;
      fileDeadline ??= started + FILE_BUDGET_MS;
      const budget = Math.min(
        ROUTE_BUDGET_MS,
        Math.max(1_000, (fileDeadline - started) / (ROUTES.length - index)),
      );
      await fc.assert(
        fc.asyncProperty(caseArbitrary(entry), async (c) => {
          cases++;
          await check(c);
        }),
        {
          numRuns: RUNS,
          seed: SEED + index,
          interruptAfterTimeLimit: budget,
          markInterruptAsFailure: false,
          endOnFailure: true,
        },
      );
      ran.set(key, { cases, ms: Date.now() - started });
      // Every failure of the route at once, each saying what was sent; FUZZ_SEED reproduces them.
      expect([...new Set(failures)], `${key}: seed ${SEED + index}, ${Date.now() - started} ms`).toEqual([]);
    },
    ROUTE_BUDGET_MS + 30_000,
  );
});
