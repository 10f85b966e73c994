// The shop's API as a drill's client sees it: JSON over fetch to 127.0.0.1 with the
// request-forgery token and a bearer token, every exchange written down (status, problem code,
// Retry-After, request id, which process answered, how long it took), so a drill can say
// afterwards exactly what each client saw while something was failing.
import { LoginResult } from "@trade-shop/contracts/identity";
// Drill logins copy the demo trader's password hash.
import { DEMO_PASSWORD } from "../../apps/server/src/demo-data/generate";

const XSRF = "drill-xsrf-token";
/** Longer than any answer the shop may take (about 6 s); a request still open then counts as a hang. */
const CLIENT_TIMEOUT_MS = 15_000;

export interface Exchange {
  method: string;
  path: string;
  /** The HTTP status, or what happened instead of an answer. */
  status: number | "network" | "timeout";
  /** Problem details' `code` of an error answer. */
  code?: string;
  retryAfter?: string | null;
  requestId?: string | null;
  /** The balancer's X-Served-By: which server process answered. */
  servedBy?: string | null;
  startedAt: number;
  ms: number;
  error?: string;
}

export interface Answer {
  status: Exchange["status"];
  json: unknown;
  exchange: Exchange;
}

/** Every exchange of a drill, in the order they finished. */
export class ExchangeLog {
  readonly all: Exchange[] = [];
  add(exchange: Exchange) {
    this.all.push(exchange);
  }
  /** The exchanges started in [from, to). */
  between(from: number, to: number) {
    return this.all.filter((e) => e.startedAt >= from && e.startedAt < to);
  }
  /** The exchanges whose answer (or failure) came in [from, to). */
  endedBetween(from: number, to: number) {
    return this.all.filter((e) => e.startedAt + e.ms >= from && e.startedAt + e.ms < to);
  }
}

export class ShopClient {
  constructor(
    /** Where requests go: one server process, or the balancer. */
    readonly baseUrl: string,
    private readonly log: ExchangeLog,
  ) {}

  async call(
    method: "GET" | "POST",
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      ...options.headers,
      accept: "application/json",
      cookie: `XSRF-TOKEN=${XSRF}`,
      "x-xsrf-token": XSRF,
    };
    if (method === "POST") headers["content-type"] = "application/json";
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const startedAt = Date.now();
    let exchange: Exchange;
    let json: unknown;
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: method === "POST" ? JSON.stringify(options.body ?? {}) : undefined,
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      const text = await res.text();
      json = res.headers.get("content-type")?.includes("json") ? parseJson(text) : text;
      exchange = {
        method,
        path,
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        requestId: res.headers.get("x-request-id"),
        servedBy: res.headers.get("x-served-by"),
        startedAt,
        ms: Date.now() - startedAt,
      };
      if (res.status >= 400 && typeof json === "object" && json !== null && "code" in json)
        exchange.code = String(json.code);
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      exchange = {
        method,
        path,
        status: timedOut ? "timeout" : "network",
        startedAt,
        ms: Date.now() - startedAt,
        error: describe(error),
      };
    }
    this.log.add(exchange);
    return { status: exchange.status, json, exchange };
  }

  /** Logs in (retrying while the shop cannot answer) and returns the bearer token. */
  async login(username: string): Promise<string> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await this.call("POST", "/api/Users/Authenticate", {
        body: { username, password: DEMO_PASSWORD },
      });
      if (answer.status === 200) return LoginResult.parse(answer.json).token;
      if (Date.now() > deadline || !isTransient(answer))
        throw new Error(`log-in of ${username}: ${answer.status} ${JSON.stringify(answer.json)}`);
      await sleep(250);
    }
  }
}

/** An answer that says "not now" rather than "no": the request may be repeated as it was. */
export function isTransient(answer: Pick<Answer, "status">): boolean {
  return (
    answer.status === "network" ||
    answer.status === "timeout" ||
    answer.status === 502 ||
    answer.status === 503 ||
    answer.status === 504
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describe(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
