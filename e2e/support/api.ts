// Calling the shop's API from a test as a browser would: JSON, the double-submit request-forgery
// token, and optionally a bearer token (for setting up users through the admin API). An answer
// the test reads is parsed with its contract's schema, so a payload that drifts fails here.
const XSRF = "e2e-xsrf-token";

/** A contract's zod schema, as far as reading an answer needs it. */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

interface ApiCall {
  body?: unknown;
  token?: string;
  /** More request headers (a rep's X-Acting-For, say). */
  headers?: Record<string, string>;
}

export function callApi<T>(
  baseUrl: string,
  method: "GET" | "POST" | "PUT",
  path: string,
  options: ApiCall & { answer: AnswerSchema<T> },
): Promise<T>;
export function callApi(
  baseUrl: string,
  method: "GET" | "POST" | "PUT",
  path: string,
  options?: ApiCall,
): Promise<unknown>;
export async function callApi<T>(
  baseUrl: string,
  method: "GET" | "POST" | "PUT",
  path: string,
  options: ApiCall & { answer?: AnswerSchema<T> } = {},
): Promise<unknown> {
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/json",
    cookie: `XSRF-TOKEN=${XSRF}`,
    "x-xsrf-token": XSRF,
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: method === "GET" ? undefined : JSON.stringify(options.body ?? {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${text}`);
  const json: unknown = text ? JSON.parse(text) : undefined;
  return options.answer ? options.answer.parse(json) : json;
}

/** A name no other test (or earlier run on the same database) has used. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
