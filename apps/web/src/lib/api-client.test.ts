import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  OFFLINE_ERROR,
  UNEXPECTED_ERROR,
  UNREADABLE_ERROR,
  describeFailure,
  describeSuccess,
} from "./api-client";

const json = (value: unknown) => JSON.stringify(value);

describe("describeFailure", () => {
  it("shows the first message of the errors map", () => {
    const body = json({
      type: "/problems/validation",
      code: "validation",
      title: "One or more fields are invalid",
      status: 400,
      errors: {
        quantity: ["Quantity must be at least 1", "Quantity must be a whole number"],
        skuCode: ["Enter a product code"],
      },
    });
    expect(describeFailure(400, body)).toEqual({
      message: "Quantity must be at least 1",
      problem: expect.objectContaining({ code: "validation", status: 400 }),
    });
  });

  it("skips empty field messages", () => {
    expect(
      describeFailure(
        400,
        json({ title: "Invalid", errors: { a: [], b: [" ", "Enter your e-mail address"] } }),
      ).message,
    ).toBe("Enter your e-mail address");
  });

  it("shows the title when there is no errors map", () => {
    const failure = describeFailure(
      409,
      json({
        type: "/problems/prices_changed",
        code: "prices_changed",
        title: "Cart prices updated. Please review cart and place order again.",
        status: 409,
      }),
    );
    expect(failure.message).toBe("Cart prices updated. Please review cart and place order again.");
    expect(failure.problem?.code).toBe("prices_changed");
  });

  it("uses the errors map even when the title is missing, but keeps no half-formed problem", () => {
    expect(
      describeFailure(400, json({ errors: { password: ["Password must be at least 10 characters"] } })),
    ).toEqual({
      message: "Password must be at least 10 characters",
      problem: undefined,
    });
  });

  it("says 'An error occurred' when the body cannot be read", () => {
    expect(describeFailure(502, "<html><body>Bad gateway</body></html>")).toEqual({
      message: UNREADABLE_ERROR,
    });
    expect(describeFailure(400, "{ not json")).toEqual({ message: UNREADABLE_ERROR });
  });

  it("falls back to the unexpected-server-error message for anything else", () => {
    expect(describeFailure(500, "")).toEqual({ message: UNEXPECTED_ERROR });
    expect(describeFailure(503, "   ")).toEqual({ message: UNEXPECTED_ERROR });
    expect(describeFailure(500, json("boom"))).toEqual({ message: UNEXPECTED_ERROR });
    expect(describeFailure(500, json({ title: 42 }))).toEqual({ message: UNEXPECTED_ERROR });
    expect(describeFailure(418, json({ detail: "no title here" })).message).toBe(UNEXPECTED_ERROR);
    expect(UNEXPECTED_ERROR).toBe("An unexpected server error occurred.");
  });

  it("explains that the server was not reached when there was no response", () => {
    expect(describeFailure(0, "")).toEqual({ message: OFFLINE_ERROR });
  });
});

describe("describeSuccess", () => {
  it("announces a success envelope", () => {
    expect(describeSuccess({ success: true, message: "Your cart is empty", title: "Cart cleared" })).toEqual({
      title: "Cart cleared",
      message: "Your cart is empty",
    });
  });

  it("stays quiet for an envelope that reports no success and for ordinary bodies", () => {
    expect(describeSuccess({ success: false, message: "OTP Failed", title: "Registration" })).toBeNull();
    expect(describeSuccess({ id: 1, cartItems: [] })).toBeNull();
    expect(describeSuccess(undefined)).toBeNull();
    expect(describeSuccess([{ success: true, message: "m", title: "t" }])).toBeNull();
  });
});

describe("apiRequest", () => {
  const calls: { url: string; init: RequestInit }[] = [];
  let answer: () => Response;
  let saved: Map<string, string>;

  beforeEach(() => {
    calls.length = 0;
    saved = new Map();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
      removeItem: (key: string) => void saved.delete(key),
    });
    // A cookie jar as a browser keeps it: writing one cookie sets (or, with Max-Age=0, drops) that one.
    const jar = new Map([
      ["theme", "x"],
      ["XSRF-TOKEN", "abc%3D123"],
      ["other", "y"],
    ]);
    vi.stubGlobal("document", {
      get cookie() {
        return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      },
      set cookie(written: string) {
        const [pair = "", ...attributes] = written.split(";").map((part) => part.trim());
        const [name = "", value = ""] = pair.split("=");
        if (attributes.includes("Max-Age=0")) jar.delete(name);
        else jar.set(name, value);
      },
    });
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    });
    vi.resetModules();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const base64Url = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const token = `${base64Url({ alg: "none" })}.${base64Url({
    exp: Math.floor(Date.now() / 1000) + 3600,
    firstName: "Thandi",
    surname: "Mokoena",
    roles: ["Customer"],
    sub: "trader",
    uid: 7,
    tenants: ["ZA-GP"],
  })}.`;

  const load = async () => ({
    client: await import("./api-client"),
    session: await import("./session"),
    contracts: await import("@trade-shop/contracts/api"),
  });

  it("sends JSON with the token, tenant and request-forgery header on a command", async () => {
    const { client, session, contracts } = await load();
    session.startSession(token);
    answer = () => new Response(null, { status: 204 });
    await expect(client.apiRequest(contracts.api.cart.clear)).resolves.toBeUndefined();

    const [call] = calls;
    const headers = new Headers(call?.init.headers);
    expect(call?.url).toBe("/api/Cart/ClearUserCart");
    expect(call?.init.method).toBe("POST");
    expect(call?.init.body).toBe("{}");
    expect(headers.get("Accept")).toBe("application/json");
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Authorization")).toBe(`Bearer ${token}`);
    expect(headers.get("TenantId")).toBe("ZA-GP");
    expect(headers.get("X-XSRF-TOKEN")).toBe("abc=123");
  });

  it("leaves out the forgery header on GET and the session headers when logged out, and fills path and query", async () => {
    const { client, session, contracts } = await load();
    const { catalogueSearchRoutes } = await import("@trade-shop/contracts/catalogue-search");
    answer = () => new Response(JSON.stringify({ q: "van der", products: [], brands: [], categories: [] }));
    await client.apiRequest(catalogueSearchRoutes.suggest, { query: { q: "van der" } });
    session.startSession(token);
    answer = () => new Response(null, { status: 204 });
    await client.apiRequest(contracts.api.users.enable, { params: { id: 12 } });

    const headers = new Headers(calls[0]?.init.headers);
    expect(calls[0]?.url).toBe("/api/Product/Suggest?q=van+der");
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headers.has("X-XSRF-TOKEN")).toBe(false);
    expect(headers.has("Authorization")).toBe(false);
    expect(headers.has("TenantId")).toBe(false);
    expect(calls[1]?.url).toBe("/api/Users/12/Enable");
  });

  it("sends a route's own headers beside the usual ones, which they cannot replace", async () => {
    const { client } = await load();
    const { applicationRoutes } = await import("@trade-shop/contracts/applications");
    answer = () => new Response(null, { status: 204 });
    await client.apiRequest(applicationRoutes.reply, {
      body: { text: "Here it is" },
      headers: { "X-Application-Token": "secret-link", Accept: "text/html" },
    });

    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get("X-Application-Token")).toBe("secret-link");
    expect(headers.get("Accept")).toBe("application/json");
    expect(headers.get("X-XSRF-TOKEN")).toBe("abc=123");
  });

  it("does not ask a route that needs a login without one: refused at once, quietly", async () => {
    const { client, contracts } = await load();
    answer = () => new Response("[]", { status: 200 });
    const refused = client.apiRequest(contracts.api.cart.clear);
    await expect(refused).rejects.toMatchObject({ name: "ApiError", status: 401 });
    expect(calls).toHaveLength(0);
  });

  it("parses the answer with the route's schema", async () => {
    const { client, contracts } = await load();
    answer = () => new Response(JSON.stringify({ token: "t", expiresIn: 28800 }), { status: 200 });
    await expect(
      client.apiRequest(contracts.api.users.authenticate, {
        body: { username: "trader", password: "secret" },
      }),
    ).resolves.toEqual({ token: "t", expiresIn: 28800 });
    expect(calls[0]?.init.body).toBe(JSON.stringify({ username: "trader", password: "secret" }));
  });

  it("throws an ApiError with the problem, and a 401 ends the session", async () => {
    const { client, session, contracts } = await load();
    session.startSession(token);
    answer = () =>
      new Response(
        JSON.stringify({
          type: "/problems/unauthenticated",
          code: "unauthenticated",
          title: "Your session has ended",
          status: 401,
        }),
        { status: 401 },
      );
    const failure = await client.apiRequest(contracts.api.cart.getUserCart).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(client.ApiError);
    expect(failure).toMatchObject({
      status: 401,
      message: "Your session has ended",
      problem: { code: "unauthenticated" },
    });
    expect(session.getSession()).toBeNull();
    expect(saved.has("tradeshop.session")).toBe(false);
  });

  it("refuses a success answer that does not match the contract", async () => {
    const { client, contracts } = await load();
    answer = () => new Response(JSON.stringify({ token: 42 }), { status: 200 });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(
      client.apiRequest(contracts.api.users.authenticate, {
        body: { username: "trader", password: "secret" },
      }),
    ).rejects.toMatchObject({ status: 200, message: UNEXPECTED_ERROR });
  });

  it("reports status 0 when the server cannot be reached", async () => {
    const { client, contracts } = await load();
    answer = () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(client.apiRequest(contracts.api.health.check)).rejects.toMatchObject({
      status: 0,
      message: OFFLINE_ERROR,
    });
  });
});
