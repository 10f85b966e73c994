// What every module's routes may use, built once by main.ts (and by the tests) and handed to
// buildApp. Its own file, so routes never import app.ts and no import cycle runs through it;
// and it imports no module, as every module's routes import it (docs/architecture.md).
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { ShopMetrics } from "./http/metrics";
import type { TokenService } from "./core/tokens";

export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** The process's metrics; buildApp makes its own when none is given. */
  metrics: ShopMetrics;
  /**
   * This process's background worker (modules/outbox's OutboxWorker), when it runs one:
   * readiness asks whether it is alive.
   */
  outbox?: { alive(): boolean } | undefined;
  /** Draining: readiness answers 503 so a load balancer sends no new requests. */
  lifecycle: Lifecycle;
  /**
   * What time it is, for rules that turn on the calendar (the delivery day); the real time
   * unless a test sets a day of its own.
   */
  clock?: (() => Date) | undefined;
}

export interface Lifecycle {
  draining: boolean;
}
