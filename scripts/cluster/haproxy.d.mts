export interface BalancedServer {
  name: string;
  host?: string;
  port: number;
}

export interface HaproxyConfigOptions {
  /** Where the balancer listens (default 127.0.0.1). */
  host?: string;
  port: number;
  servers: readonly BalancedServer[];
  /** A stats page on 127.0.0.1:statsPort (CSV at /;csv), when given. */
  statsPort?: number;
  /** How long a real-time stream may stay silent (default 75 s). */
  streamIdleMs?: number;
  /** Log requests that went wrong to stdout (default true). */
  log?: boolean;
}

export interface RunningHaproxy {
  pid: number | undefined;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends it at once (SIGKILL). */
  kill(): void;
  /** Soft stop: finishes the requests in flight, then exits (SIGKILL after timeoutMs). */
  stop(timeoutMs?: number): Promise<void>;
}

export function haproxyBinary(): string;
export function haproxyConfig(options: HaproxyConfigOptions): string;
export function startHaproxy(options: {
  config: string;
  host?: string;
  port: number;
  onLine?: (line: string) => void;
  timeoutMs?: number;
  /** In a process group of its own, so a terminal's Ctrl-C does not reach it. */
  detached?: boolean;
}): Promise<RunningHaproxy>;
export function serverStates(statsPort: number): Promise<Record<string, string>>;
