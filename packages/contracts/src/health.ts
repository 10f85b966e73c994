// The health checks an operator or load balancer polls. /api/health: which database is in use
// and whether the catalogue is loaded. /api/health/live: the process answers (no database).
// /api/health/ready: this process can serve (database reachable, migrations done, background
// worker running, not shutting down); a load balancer sends traffic only while it is 200.
import { z } from "zod";
import type { ApiRoute } from "./http";

export const Health = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  products: z.number().int().nonnegative(),
  warehouses: z.number().int().nonnegative(),
});
export type Health = z.infer<typeof Health>;

export const Liveness = z.object({
  status: z.literal("ok"),
  uptimeSeconds: z.number().nonnegative(),
});
export type Liveness = z.infer<typeof Liveness>;

/** Each part readiness looks at: true when it is fine. */
export const ReadinessChecks = z.object({
  database: z.boolean(),
  migrations: z.boolean(),
  outboxWorker: z.boolean(),
  accepting: z.boolean(),
});
export type ReadinessChecks = z.infer<typeof ReadinessChecks>;

export const Readiness = z.object({
  status: z.literal("ok"),
  checks: ReadinessChecks,
});
export type Readiness = z.infer<typeof Readiness>;

/** This domain's routes in the API table (api.ts). */
export const healthRoutes = {
  check: {
    method: "GET",
    path: "/api/health",
    response: Health,
    auth: false,
    summary: "Database kind and catalogue size; 503 database_unavailable when the database cannot be reached",
    tag: "Health",
  },
  live: {
    method: "GET",
    path: "/api/health/live",
    response: Liveness,
    auth: false,
    usesDatabase: false,
    summary: "Liveness: the process answers (no database involved)",
    tag: "Health",
  },
  ready: {
    method: "GET",
    path: "/api/health/ready",
    response: Readiness,
    auth: false,
    summary:
      "Readiness for a load balancer: database reachable, migrations done, outbox worker running, not draining",
    tag: "Health",
    problems: ["service_unavailable"],
  },
} as const satisfies Record<string, ApiRoute>;
