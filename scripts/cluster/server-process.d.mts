export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  name: string;
  port: number;
  /** http://127.0.0.1:port */
  url: string;
  pid: number | undefined;
  exited: Promise<ServerExit>;
  running(): boolean;
  signal(signal: NodeJS.Signals): boolean;
  /** SIGTERM, then SIGKILL if it has not exited within `timeoutMs` (default 15 s). */
  stop(timeoutMs?: number): Promise<ServerExit>;
}

export function assertBuilt(): void;

export function startServer(options: {
  name: string;
  port?: number;
  env?: Record<string, string>;
  onLine?: (line: string) => void;
  readyTimeoutMs?: number;
}): Promise<ServerProcess>;
