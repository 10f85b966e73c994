// Rules every request meets whatever the route: NUL characters and lone surrogates are a 400 (never a 500 from the
// database), a private route refuses an anonymous caller before it reads the body, answers to
// a logged-in caller are not cached, and the demo mailbox is for the shop's own machine only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../test/test-app";

describe("request hygiene", () => {
  let t: TestApp;
  let trader: string;
  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
  });
  afterAll(() => t.close());

  it("refuses a NUL character anywhere in a request with a 400 problem naming the field", async () => {
    const orders = await t.database.db.selectFrom("orders").select("id").execute();
    const attempts = [
      await t.request({ method: "GET", url: "/api/Product/GetProductImages/%00" }),
      await t.request({
        method: "POST",
        url: "/api/Product/GetProductBySkuCode",
        body: { skuCode: "CHP\u00001" },
      }),
      await t.request({
        method: "POST",
        url: "/api/Users/Authenticate",
        body: { username: "trader\u0000", password: "x" },
      }),
      await t.request({
        method: "POST",
        url: "/api/Cart/AdditemToCart",
        token: trader,
        body: { skuCode: "A\u0000", quantity: 1 },
      }),
      await t.request({
        method: "POST",
        url: "/api/Users/UserEnquiry",
        body: {
          name: "Thabo\u0000",
          email: "thabo@example.test",
          phone: "082 123 4567",
          message: "Hello there, a question about deliveries.",
        },
      }),
      await t.request({
        method: "POST",
        url: "/api/Order",
        token: trader,
        body: {
          orderReference: "\u0000",
          createdDate: new Date().toISOString(),
          discount: 0,
          applyLiqourCheck: true,
          totalPriceExcl: 1,
          totalPriceIncl: 1,
          orderLines: [
            {
              productId: "X",
              quantity: 1,
              dealReference: null,
              unitPriceExcl: 1,
              totalPriceExcl: 1,
              totalPriceIncl: 1,
            },
          ],
        },
      }),
      await t.request({
        method: "GET",
        url: "/api/Users/SearchActiveDirectoryUsers?username=a%00b",
        token: await t.login("admin"),
      }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json().code).toBe("validation");
    }
    expect(attempts[2]!.json().errors).toEqual({
      username: ["Remove the NUL character or the broken character"],
    });
    expect(await t.database.db.selectFrom("orders").select("id").execute()).toHaveLength(orders.length);
  });

  it("refuses half a character (a lone UTF-16 surrogate) with a 400 naming the field, and queues nothing", async () => {
    const outbox = async () => (await t.database.db.selectFrom("outbox").select("id").execute()).length;
    const queued = await outbox();
    const enquiry = await t.request({
      method: "POST",
      url: "/api/Users/UserEnquiry",
      body: {
        name: "Thabo \ud83d",
        email: "thabo@example.test",
        phone: "082 123 4567",
        message: "Hello there, a question about deliveries.",
      },
    });
    const invite = await t.request({
      method: "POST",
      url: "/api/Account/Buyers/Invite",
      token: trader,
      body: {
        firstname: "Lerato\udc00",
        lastname: "M",
        email: "lerato@example.test",
        accountRole: "Buyer",
        orderLimit: null,
      },
    });
    const reject = await t.request({
      method: "POST",
      url: "/api/Order/1/Reject",
      token: trader,
      body: { reason: "Too much \ud800 stock" },
    });
    const key = await t.request({
      method: "POST",
      url: "/api/Product/GetProductBySkuCode",
      body: { skuCode: "CHP1", ["odd\ud800"]: 1 },
    });
    for (const [res, field] of [
      [enquiry, "name"],
      [invite, "firstname"],
      [reject, "reason"],
      [key, "odd\\ud800"],
    ] as const) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe("validation");
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    // A whole character made of two surrogates (an emoji) is welcome.
    const emoji = await t.request({
      method: "POST",
      url: "/api/Users/UserEnquiry",
      body: {
        name: "Thabo \ud83d\ude00",
        email: "thabo@example.test",
        phone: "082 123 4567",
        message: "Hello there, a question about deliveries.",
      },
    });
    expect(emoji.statusCode, emoji.body).toBeLessThan(300);
    expect(await outbox()).toBe(queued + 1);
  });

  it("refuses an anonymous caller before looking at the body, so a private route's schema stays private", async () => {
    const res = await t.request({ method: "POST", url: "/api/Order", body: { nonsense: true } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("unauthenticated");
    expect(res.json().errors).toBeUndefined();
    const customer = await t.request({
      method: "POST",
      url: "/api/Users",
      token: trader,
      tenantId: "gauteng",
      body: { nonsense: true },
    });
    expect(customer.statusCode).toBe(403);
  });

  it("marks every answer to a logged-in caller or to a login no-store, and leaves public reads cacheable", async () => {
    const mine = await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token: trader });
    expect(mine.headers["cache-control"]).toBe("no-store");
    const refused = await t.request({ method: "GET", url: "/api/Order/GetOrderById/999999", token: trader });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers["cache-control"]).toBe("no-store");
    const visitor = await t.request({ method: "GET", url: "/api/health" });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers["cache-control"]).not.toBe("no-store");
    // A login's answer holds its token: no cache keeps it, though the request had none.
    const login = await t.request({
      method: "POST",
      url: "/api/Users/Authenticate",
      body: { username: "spaza", password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.headers["cache-control"]).toBe("no-store");
    // Fonts come from nowhere but the shop (it uses the system's), not from any https site.
    const policy = String(login.headers["content-security-policy"]);
    expect(policy).toContain("font-src 'self';");
    expect(policy).not.toMatch(/font-src[^;]*https:/);
    // Style sheets from the shop's files and one hashed element; no inline style element else.
    expect(policy).toContain("style-src 'self';");
    expect(policy).toMatch(/style-src-elem 'self' 'sha256-[A-Za-z0-9+/=]+';/);
    expect(policy).toContain("style-src-attr 'unsafe-inline'");
    // Only Swagger UI, for developers, may write a style element of its own.
    const docs = await t.app.inject({ method: "GET", url: "/api/docs/static/index.html" });
    expect(String(docs.headers["content-security-policy"])).toContain(
      "style-src-elem 'self' 'unsafe-inline';",
    );
    expect(policy).not.toMatch(/style-src-elem[^;]*unsafe-inline/);
  });

  it("serves the demo mailbox only to a browser on the shop's own machine", async () => {
    const local = await t.app.inject({
      method: "GET",
      url: "/dev/mailbox?format=json",
      remoteAddress: "127.0.0.1",
    });
    expect(local.statusCode).toBe(200);
    for (const remoteAddress of ["10.0.0.7", "192.168.1.20", "2001:db8::1"]) {
      const remote = await t.app.inject({
        method: "GET",
        url: "/dev/mailbox?format=json",
        remoteAddress,
        headers: { "x-forwarded-for": "127.0.0.1" },
      });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain("messages");
    }
  });

  it("answers a URL part or headers too large with problem details, not Node's own body", async () => {
    const longParam = await t.request({
      method: "GET",
      url: `/api/Order/GetOrderById/${"9".repeat(300)}`,
      token: trader,
    });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.headers["content-type"]).toContain("application/problem+json");
    expect(longParam.json()).toMatchObject({
      code: "uri_too_long",
      type: "/problems/uri_too_long",
      status: 414,
    });

    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    for (const res of [
      await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { "x-padding": "z".repeat(20_000) } }),
      await fetch(`http://127.0.0.1:${port}/products?q=${"y".repeat(20_000)}`),
    ]) {
      expect(res.status).toBe(431);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(await res.json()).toMatchObject({
        code: "headers_too_large",
        type: "/problems/headers_too_large",
        status: 431,
      });
    }
  });

  it("refuses to start in production with demo data", () => {
    const env = {
      NODE_ENV: "production",
      JWT_SECRET: "x".repeat(40),
      DATABASE_URL: "postgres://db.example/shop",
    };
    expect(() => loadConfig({ ...env, DEMO_DATA: "always" })).toThrow(ConfigError);
    expect(loadConfig(env).demoMode).toBe(false);
  });
});
