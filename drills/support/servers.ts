// The built server as a drill runs it: production mode against the drill's database, logging
// warnings and errors into memory (a failing drill quotes the lines of the request it failed
// on), log-in limits off (every drill logs many shoppers in at once), one token secret for every
// process of the drill, so a login made through one is honoured by all. The outbox runs with its
// own lease and retry settings, which the drills' hand-off budgets prove.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, type ServerProcess } from "../../scripts/cluster/server-process.mjs";
import type { DrillDatabase } from "./database";

const JWT_SECRET = randomBytes(32).toString("hex");
const MAX_LOG_LINES = 20_000;

export interface DrillServer extends ServerProcess {
  /** What the process printed (warnings, errors, its start-up banner), oldest first. */
  logs: string[];
}

export async function startDrillServer(
  name: string,
  drill: DrillDatabase,
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<DrillServer> {
  const logs: string[] = [];
  const server = await startServer({
    name,
    ...(options.port === undefined ? {} : { port: options.port }),
    env: {
      NODE_ENV: "production",
      DATABASE_URL: drill.url,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "tradeshop-drill-")),
      JWT_SECRET,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_FACTOR: "0",
      OUTBOX_POLL_MS: "200",
      ...env,
    },
    onLine: (line) => {
      if (logs.length < MAX_LOG_LINES) logs.push(line);
    },
  });
  return Object.assign(server, { logs });
}

/** The log lines that mention any of `requestIds`, shortened to what went wrong, to quote in a failure. */
export function linesAbout(
  servers: readonly DrillServer[],
  requestIds: readonly (string | null | undefined)[],
): string[] {
  const ids = requestIds.filter((id): id is string => typeof id === "string");
  return servers.flatMap((s) =>
    s.logs.filter((line) => ids.some((id) => line.includes(id))).map((line) => `[${s.name}] ${gist(line)}`),
  );
}

/** A pino line as "msg: error type, SQLSTATE, message, where"; any other line as it is. */
function gist(line: string): string {
  try {
    const entry = JSON.parse(line) as {
      msg?: string;
      reqId?: string;
      err?: { type?: string; code?: string; message?: string; stack?: string };
    };
    const where = entry.err?.stack
      ?.split("\n")
      .find((l) => l.includes("dist/main.js"))
      ?.trim();
    return [entry.msg, entry.reqId, entry.err?.type, entry.err?.code, entry.err?.message, where]
      .filter(Boolean)
      .join(" | ");
  } catch {
    return line.slice(0, 500);
  }
}
