// The health checks an operator or load balancer polls. /api/health: which database is in use
// and whether the catalogue is loaded. /api/health/live: the process answers (no database).
// /api/health/ready: this process can serve (database reachable, migrations done, background
// worker running, not shutting down); a load balancer sends traffic only while it is 200.
import { z } from "zod";

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
