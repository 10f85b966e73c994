// What every module's routes may use, built once by main.ts (and by the tests) and handed to
// buildApp. Its own file, so routes never import app.ts and no import cycle runs through it.
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { TokenService } from "./modules/identity/tokens";

export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
}
