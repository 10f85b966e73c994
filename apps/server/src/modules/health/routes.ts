// GET /api/health: liveness for load balancers, plus which database is in use and whether
// the catalogue is loaded, so an operator sees a half-started shop at a glance.
import type { FastifyInstance } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { AppDeps } from "../../app-deps";
import { handle } from "../../http/route";

export function healthRoutes(app: FastifyInstance, { database }: AppDeps) {
  handle(app, api.health.check, async () => {
    const [products, warehouses] = await Promise.all([
      database.db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      database.db.selectFrom("warehouses").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { status: "ok" as const, database: database.kind, products: products.n, warehouses: warehouses.n };
  });
}
