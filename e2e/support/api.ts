// Calling the shop's API from a test as a browser would: JSON, the double-submit request-forgery
// token, and optionally a bearer token (for setting up users through the admin API).
const XSRF = "e2e-xsrf-token";

export async function callApi<T>(
  baseUrl: string,
  method: "GET" | "POST" | "PUT",
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/json",
    cookie: `XSRF-TOKEN=${XSRF}`,
    "x-xsrf-token": XSRF,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: method === "GET" ? undefined : JSON.stringify(options.body ?? {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A name no other test (or earlier run on the same database) has used. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
