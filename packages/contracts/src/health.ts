// The health check an operator or load balancer polls: which database is in use and
// whether the catalogue is loaded.
import { z } from "zod";

export const Health = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  products: z.number().int().nonnegative(),
  warehouses: z.number().int().nonnegative(),
});
export type Health = z.infer<typeof Health>;
