// The health checks (contracts/health.ts). /api/health counts the catalogue; /api/health/live
// touches nothing but the process; /api/health/ready is what a load balancer routes by: the
// database answers within a second, every migration this version knows is applied, the outbox
// worker's loop is going round, and the process is not draining.
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { api } from "@trade-shop/contracts/api";
import type { ReadinessChecks } from "@trade-shop/contracts/health";
import type { AppDeps } from "../../app-deps";
import { isDatabaseUnavailable, type Db } from "../../db/database";
import { migrations } from "../../db/migrations/index";
import { databaseUnavailable, problem, sendProblem } from "../../http/problem-details";
import { handle } from "../../http/route";

/** Readiness waits this long for the database before calling it unreachable. */
const READY_DB_TIMEOUT_MS = 1000;
const LATEST_MIGRATION = Math.max(...migrations.map((m) => m.version));

function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
    ),
  ]).finally(() => clearTimeout(timer));
}

/** The highest applied migration, or undefined when the database did not answer in time. */
async function appliedMigration(db: Db): Promise<number | undefined> {
  try {
    const query = sql<{
      version: number | null;
    }>`SELECT max(version)::int AS version FROM schema_migrations`.execute(db);
    const { rows } = await withinMs(query, READY_DB_TIMEOUT_MS);
    return rows[0]?.version ?? 0;
  } catch {
    return undefined;
  }
}

export function healthRoutes(app: FastifyInstance, { database, outbox, lifecycle }: AppDeps) {
  const started = Date.now();

  handle(app, api.health.check, async (request, reply) => {
    try {
      const [products, warehouses] = await Promise.all([
        database.db
          .selectFrom("products")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
        database.db
          .selectFrom("warehouses")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        status: "ok" as const,
        database: database.kind,
        products: products.n,
        warehouses: warehouses.n,
      };
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      request.log.warn({ err: error }, "database unavailable");
      return databaseUnavailable(reply, { database: "unavailable" });
    }
  });

  handle(app, api.health.live, async () => ({
    status: "ok" as const,
    uptimeSeconds: Math.round((Date.now() - started) / 1000),
  }));

  handle(app, api.health.ready, async (_request, reply) => {
    const applied = await appliedMigration(database.db);
    const checks: ReadinessChecks = {
      database: applied !== undefined,
      migrations: applied !== undefined && applied >= LATEST_MIGRATION,
      outboxWorker: outbox?.alive() ?? false,
      accepting: !lifecycle.draining,
    };
    if (Object.values(checks).every(Boolean)) return { status: "ok" as const, checks };
    if (!checks.database) return databaseUnavailable(reply, { checks });
    return sendProblem(
      reply,
      problem("service_unavailable", "This server is not ready to serve requests.", { checks }),
    );
  });
}
