// The benchmark's settings: BENCH_SHORT, BENCH_LABEL, BENCH_PROCESSES and DATABASE_POOL_SIZE, the
// levels and durations of its phases, and the budgets it reports against.
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const SHORT = process.env.BENCH_SHORT === "1";
export const LABEL =
  process.env.BENCH_LABEL ??
  [
    SHORT ? "short" : "",
    Number(process.env.BENCH_PROCESSES ?? 1) > 1 ? `${process.env.BENCH_PROCESSES}-processes` : "",
  ]
    .filter(Boolean)
    .join("-");
/** Server processes: 1, or several behind HAProxy (scripts/cluster), for the one-versus-three figures. */
export const PROCESSES = Math.min(8, Math.max(1, Number(process.env.BENCH_PROCESSES ?? 1)));
/** The server's web-request pool, passed on as DATABASE_POOL_SIZE (the server's default is 10). */
export const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);

// Every loop is bounded in count and in time.
export const LEVELS = SHORT ? [10, 40] : [10, 40, 100];
export const LEVEL_SECONDS = SHORT ? 4 : 20;
export const FLOOR_SECONDS = SHORT ? 2 : 5;
export const PACED_RATE = 40;
export const PACED_SECONDS = SHORT ? 5 : 30;
export const PROFILE_ORDERS = SHORT ? 10 : 40;
export const MAX_ORDERS_PER_CUSTOMER = 5_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const DRAIN_WAIT_MS = 60_000;
export const SAMPLE_MS = 250;
export const SERVER_START_MS = 120_000;
export const SERVER_STOP_MS = 20_000;
// What each order holds: LINES_PER_ORDER lines from a pool of HOT_SKUS products that every
// customer buys in the one warehouse, so concurrent orders compete for the same stock rows.
export const HOT_SKUS = 20;
export const LINES_PER_ORDER = 3;
export const CUSTOMERS = Math.max(...LEVELS);

/** The budgets. */
export const BUDGET = { orderP95Ms: 120, orderP95At: 40, lagP95Ms: 2000, lagRate: PACED_RATE };
