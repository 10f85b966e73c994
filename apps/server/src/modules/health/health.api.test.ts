import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { testDbKind } from "../../../test/databases";

describe("GET /api/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("names the database in use and counts the loaded catalogue", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("ok");
    expect(body.database).toBe(testDbKind());
    expect(body.products).toBeGreaterThanOrEqual(3000);
    expect(body.warehouses).toBe(7);
  });

  it("gives a client without one an XSRF-TOKEN cookie readable by script", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const cookie = res.cookies.find((c) => c.name === "XSRF-TOKEN");
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).not.toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
  });
});

describe("API plumbing", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers an unknown API path with a 404 problem, not the web app", async () => {
    const res = await t.request({ method: "GET", url: "/api/NoSuchThing" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json().code).toBe("not_found");
  });

  it("gives every problem the shop's own type URI, which documents its code", async () => {
    const unknown = await t.request({ method: "GET", url: "/api/NoSuchThing" });
    const invalid = await t.request({
      method: "POST",
      url: "/api/Users/Authenticate",
      body: { username: 5 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: "validation", type: "/problems/validation", status: 400 });
    for (const answer of [unknown.json(), invalid.json()]) {
      const doc = await t.app.inject({ method: "GET", url: answer.type });
      expect(doc.statusCode).toBe(200);
      expect(doc.headers["content-type"]).toContain("text/html");
      expect(doc.body).toContain(`<code>${answer.code}</code>`);
      expect(doc.body).toContain(`HTTP status ${answer.status}`);
    }
    const index = await t.app.inject({ method: "GET", url: "/problems" });
    expect(index.body).toContain('href="/problems/stock_short"');
    const made_up = await t.app.inject({ method: "GET", url: "/problems/no_such_code" });
    expect(made_up.statusCode).toBe(404);
    expect(made_up.json().code).toBe("not_found");
  });

  it("refuses a state-changing request without the XSRF header", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Users/Authenticate",
      headers: { "content-type": "application/json", cookie: "XSRF-TOKEN=abc" },
      payload: JSON.stringify({ username: "trader", password: "x" }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("xsrf_mismatch");
  });

  it("refuses a mismatched XSRF header", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Users/Authenticate",
      body: { username: "trader", password: "x" },
      headers: { "x-xsrf-token": "not-the-cookie" },
    });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ["a body that is not JSON", "{not json", "application/json"],
    ["an empty JSON body", "", "application/json"],
    ["a body that is not JSON at all", "username=trader", "text/plain"],
  ])("answers %s with a 400 problem", async (_name, payload, type) => {
    const res = await t.request({
      method: "POST",
      url: "/api/Users/Authenticate",
      headers: { "content-type": type },
    });
    const withBody = await t.app.inject({
      method: "POST",
      url: "/api/Users/Authenticate",
      headers: { "content-type": type, cookie: "XSRF-TOKEN=k", "x-xsrf-token": "k" },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(withBody.statusCode).toBe(400);
    expect(withBody.json().status).toBe(400);
  });

  it("answers a body over the size limit with a 400 problem", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Users/Authenticate",
      body: { username: "x".repeat(2 * 1024 * 1024), password: "y" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/too large/);
  });

  it("names the fields of a wrongly shaped body", async () => {
    const res = await t.request({ method: "POST", url: "/api/Users/Authenticate", body: { username: "" } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(["username", "password"]));
  });

  it("serves the OpenAPI document generated from the contracts", async () => {
    const res = await t.request({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/api/Users/Authenticate"].post).toBeDefined();
    expect(doc.paths["/api/health"].get).toBeDefined();
  });

  it("documents each route's errors as problem+json under the statuses and codes it can answer", async () => {
    const doc = (await t.request({ method: "GET", url: "/api/docs/json" })).json();
    const responses = (path: string, method: string) =>
      doc.paths[path][method].responses as Record<
        string,
        { description: string; content: Record<string, unknown> }
      >;
    const order = responses("/api/Order", "post");
    expect(Object.keys(order)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404", "409", "500"]),
    );
    expect(order["409"]!.description).toMatch(/prices_changed.*credit_exceeded.*stock_short/);
    expect(order["403"]!.description).toContain("liquor_not_allowed");
    expect(Object.keys(order["409"]!.content)).toEqual(["application/problem+json"]);
    expect(Object.keys(order["200"]!.content)).toEqual(["application/json"]);
    const login = responses("/api/Users/Authenticate", "post");
    expect(Object.keys(login)).toEqual(expect.arrayContaining(["401", "423", "429", "503"]));
    expect(login["401"]!.description).toContain("bad_credentials");
    // A public route with no conflict to report documents none.
    expect(Object.keys(responses("/api/Product/ProductSearch", "post"))).not.toContain("409");
    expect(Object.keys(responses("/api/Product/ProductSearch", "post"))).not.toContain("401");
  });
});
