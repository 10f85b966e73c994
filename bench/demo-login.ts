// A demo login's token from a shop's own API, as the login form gets it (with the double-submit
// request-forgery token every POST carries), for benches that load pages as a customer.
const XSRF = "bench";

export async function demoLoginToken(baseUrl: string, username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/Users/Authenticate`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      cookie: `XSRF-TOKEN=${XSRF}`,
      "x-xsrf-token": XSRF,
    },
    body: JSON.stringify({ username, password: "Demo-Trade-2026" }),
  });
  if (!res.ok) throw new Error(`logging in as ${username} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
