// The balancer's retry policy (docs/decisions/0159-retries-at-the-balancer.md) against the real
// haproxy: two servers on loopback, one of which dies with every request it is given (its
// connection closed without an answer, as a process killed mid-request leaves it), the other
// answering. A request the policy calls safe to replay is answered by the other server, body
// and all; any other is never sent twice: its client gets the balancer's 502 or, on a kept-alive
// connection, the connection closed without an answer (haproxy's keep-alive rule: the client may
// repeat it if it knows it safe), its outcome unknown either way.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../shop-server.mjs";
import { haproxyConfig, serverStates, startHaproxy } from "./haproxy.mjs";

/** Answers the readiness check; closes the connection of any other request without a word. */
function dyingServer(seen) {
  return net.createServer((socket) => {
    let head = "";
    socket.on("data", (chunk) => {
      head += chunk.toString("latin1");
      if (!head.includes("\r\n\r\n")) return;
      const [method, path] = head.split(" ");
      if (path === "/api/health/ready") {
        socket.end("HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
        return;
      }
      seen.push(`${method} ${path}`);
      socket.destroy();
    });
    socket.on("error", () => undefined);
  });
}

/** Answers every request with what it received. */
function answeringServer(seen) {
  return http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.url !== "/api/health/ready") seen.push(`${req.method} ${req.url}`);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ method: req.method, path: req.url, body }));
    });
  });
}

const listen = (server, port) => new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
const close = (server) => new Promise((resolve) => server.close(() => resolve()));

describe("haproxyConfig's retries", () => {
  const died = [];
  const answered = [];
  const dying = dyingServer(died);
  const answering = answeringServer(answered);
  let haproxy;
  let url;

  beforeAll(async () => {
    const [dyingPort, answeringPort, port, statsPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    await listen(dying, dyingPort);
    await listen(answering, answeringPort);
    haproxy = await startHaproxy({
      config: haproxyConfig({
        port,
        statsPort,
        log: false,
        servers: [
          { name: "dying", port: dyingPort },
          { name: "answering", port: answeringPort },
        ],
      }),
      port,
    });
    url = `http://127.0.0.1:${port}`;
    const until = Date.now() + 10_000;
    for (;;) {
      const states = await serverStates(statsPort);
      if (states.dying?.startsWith("UP") && states.answering?.startsWith("UP")) break;
      if (Date.now() > until) throw new Error(`servers not up: ${JSON.stringify(states)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 20_000);
  afterAll(async () => {
    await haproxy?.stop();
    await Promise.all([close(dying), close(answering)]);
  });

  /** `times` requests one after another (leastconn then alternates the two servers); the statuses. Each test's own count. */
  async function send(method, path, { headers = {}, body, times = 4 } = {}) {
    died.length = 0;
    answered.length = 0;
    const statuses = [];
    for (let i = 0; i < times; i++) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { "content-type": "application/json", ...headers },
        body,
        signal: AbortSignal.timeout(10_000),
      }).catch((error) => {
        if (error?.cause?.code !== "UND_ERR_SOCKET") throw error;
        return undefined;
      });
      statuses.push(res?.status ?? "closed");
      if (!res) continue;
      if (res.status === 200) expect((await res.json()).body).toBe(body ?? "");
      else await res.arrayBuffer();
    }
    return statuses;
  }
  const count = (list, request) => list.filter((r) => r === request).length;

  it.each([
    ["GET", "/api/Cart/GetUserCart", {}],
    ["POST", "/api/Order", { body: JSON.stringify({ orderReference: "r-1", orderLines: [] }) }],
    [
      "POST",
      "/api/Cart/AdditemToCart",
      { body: '{"skuCode":"A1","quantity":2}', headers: { "Idempotency-Key": "k-000000001" } },
    ],
    ["POST", "/api/Cart/ClearUserCart", { body: "{}" }],
  ])("replays %s %s on the other server, body and all", async (method, path, options) => {
    const request = `${method} ${path}`;
    const statuses = await send(method, path, options);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(count(answered, request)).toBe(4);
    expect(count(died, request), "the dying server was given some of them first").toBeGreaterThan(0);
  });

  it.each([
    ["POST", "/api/Cart/AdditemToCart", { body: '{"skuCode":"A1","quantity":2}' }],
    ["POST", "/api/Cart/RemoveItemFromCart", { body: '{"skuCode":"A1","remove":false,"quantity":1}' }],
    ["POST", "/api/Order/7/Cancel", { body: "{}" }],
    ["PUT", "/api/Order/7/Lines", { body: "{}" }],
  ])("never sends %s %s twice: the dying server's ones are not answered", async (method, path, options) => {
    const request = `${method} ${path}`;
    const statuses = await send(method, path, options);
    const lost = count(died, request);
    expect(lost, "the dying server was given some of them").toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 502 || s === "closed")).toHaveLength(lost);
    expect(count(answered, request)).toBe(4 - lost);
  });
});

describe("haproxyConfig's own 503", () => {
  it("says 'not now' as problem details with Retry-After when no server is up", async () => {
    const [port, nobody] = await Promise.all([freePort(), freePort()]);
    const haproxy = await startHaproxy({
      config: haproxyConfig({ port, log: false, servers: [{ name: "gone", port: nobody }] }),
      port,
    });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/Cart/GetUserCart`, {
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("1");
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(await res.json()).toMatchObject({ code: "service_unavailable", status: 503 });
    } finally {
      await haproxy.stop();
    }
  });
});
