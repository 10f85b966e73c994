// LISTEN on a PostgreSQL connection of its own, kept up: a lost connection is opened again with
// backoff (500 ms doubling to 30 s), and the process goes on serving meanwhile. Shared by the
// real-time hub and the search vocabulary, which differ only in what they do on a
// notification, on (re)connecting and on losing the connection.
import pg from "pg";
import type { Database } from "./database";

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

export interface ListenLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Listener {
  stop(): Promise<void>;
}

export interface ListenOptions {
  /** Names the listener in the log ("real-time change feed"). */
  label: string;
  log: ListenLog;
  onNotification(payload: string | undefined): void;
  /** Listening (again); `reconnected` after a loss, when notifications may have been missed. */
  onConnected?(reconnected: boolean): void;
  /** Not listening: the connection was lost, or the listener stopped. */
  onLost?(): void;
}

export async function listenChannel(
  database: Database,
  channel: string,
  { label, log, onNotification, onConnected, onLost }: ListenOptions,
): Promise<Listener> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;

  async function connect(reconnected: boolean) {
    const next = new pg.Client(database.sessionConfig ?? database.pool.options);
    next.on("notification", (message) => {
      if (message.channel === channel) onNotification(message.payload);
    });
    next.on("error", (error) => log.warn({ err: error }, `${label} lost its connection`));
    next.on("end", () => {
      if (client === next) reconnectLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    onConnected?.(reconnected);
  }

  function reconnectLater() {
    client = undefined;
    onLost?.();
    if (stopped) return;
    timer = setTimeout(() => {
      connect(true).then(
        () => {
          retryMs = RETRY_FIRST_MS;
        },
        (error: unknown) => {
          log.error({ err: error, retryMs }, `${label} could not reconnect`);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          reconnectLater();
        },
      );
    }, retryMs);
  }

  // A database that is away at start is waited for like one lost later.
  await connect(false).catch((error: unknown) => {
    log.error({ err: error }, `${label} could not connect; retrying`);
    reconnectLater();
  });
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      onLost?.();
      await current?.end();
    },
  };
}
