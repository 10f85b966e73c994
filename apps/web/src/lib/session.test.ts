import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { decodeToken, isTokenValid } from "./session";

const NOW_MS = Date.UTC(2026, 10, 21, 12, 0, 0);
const NOW_S = NOW_MS / 1000;

function base64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An unsigned JWT: the app never checks signatures, the server does. */
function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${base64Url(JSON.stringify(claims))}.`;
}

const claims = {
  exp: NOW_S + 3600,
  firstName: "Thandi",
  surname: "Mokoena",
  roles: ["Customer"],
  sub: "trader",
  uid: 7,
  tenants: ["ZA-GP", "ZA-KZN"],
};

describe("decodeToken", () => {
  it("reads the shop's claims from the payload", () => {
    expect(decodeToken(fakeJwt(claims))).toEqual(claims);
  });

  it("wraps a single role or tenant in a list, strips a domain from sub and reads a text uid", () => {
    const decoded = decodeToken(
      fakeJwt({ ...claims, roles: "Staff", tenants: "ZA-GP", sub: "TRADESHOP\\staff", uid: "12" }),
    );
    expect(decoded).toMatchObject({ roles: ["Staff"], tenants: ["ZA-GP"], sub: "staff", uid: 12 });
  });

  it("keeps names outside ASCII intact", () => {
    expect(decodeToken(fakeJwt({ ...claims, firstName: "Zoë", surname: "Nqobile-Ngcobo" }))?.firstName).toBe(
      "Zoë",
    );
  });

  it("returns null for anything that is not a shop token", () => {
    expect(decodeToken("")).toBeNull();
    expect(decodeToken("not-a-jwt")).toBeNull();
    expect(decodeToken("a.%%%.c")).toBeNull();
    expect(decodeToken(`x.${base64Url("not json")}.y`)).toBeNull();
    expect(decodeToken(fakeJwt({ sub: "trader", exp: NOW_S + 60 }))).toBeNull();
  });
});

describe("isTokenValid", () => {
  it("accepts a token whose exp (in seconds) is in the future", () => {
    expect(isTokenValid(fakeJwt(claims), NOW_MS)).toBe(true);
    expect(isTokenValid(fakeJwt({ ...claims, exp: NOW_S + 1 }), NOW_MS)).toBe(true);
  });

  it("refuses an expired token, including one expiring this very second", () => {
    expect(isTokenValid(fakeJwt({ ...claims, exp: NOW_S - 1 }), NOW_MS)).toBe(false);
    expect(isTokenValid(fakeJwt({ ...claims, exp: NOW_S }), NOW_MS)).toBe(false);
  });

  it("treats exp as seconds, not milliseconds", () => {
    // An exp written in milliseconds by mistake would look valid for 50 000 years; seconds an hour ago must not.
    expect(isTokenValid(fakeJwt({ ...claims, exp: NOW_S - 3600 }), NOW_MS)).toBe(false);
  });

  it("refuses an empty or missing token and an unreadable one", () => {
    expect(isTokenValid("", NOW_MS)).toBe(false);
    expect(isTokenValid(null, NOW_MS)).toBe(false);
    expect(isTokenValid(undefined, NOW_MS)).toBe(false);
    expect(isTokenValid("garbage", NOW_MS)).toBe(false);
  });
});

describe("session store", () => {
  let saved: Map<string, string>;

  beforeEach(() => {
    saved = new Map();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
      removeItem: (key: string) => void saved.delete(key),
    });
    vi.resetModules();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const liveToken = () => fakeJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 });

  it("stores a valid token under tradeshop.session and exposes its claims", async () => {
    const session = await import("./session");
    const token = liveToken();
    expect(session.startSession(token)?.claims.firstName).toBe("Thandi");
    expect(saved.get("tradeshop.session")).toBe(token);
    expect(session.getSession()?.token).toBe(token);
  });

  it("refuses to start a session with an expired token", async () => {
    const session = await import("./session");
    expect(session.startSession(fakeJwt({ ...claims, exp: 1 }))).toBeNull();
    expect(saved.has("tradeshop.session")).toBe(false);
    expect(session.getSession()).toBeNull();
  });

  it("picks up a stored token on start and drops an expired one", async () => {
    saved.set("tradeshop.session", liveToken());
    expect((await import("./session")).getSession()?.claims.sub).toBe("trader");

    vi.resetModules();
    saved.set("tradeshop.session", fakeJwt({ ...claims, exp: 1 }));
    expect((await import("./session")).getSession()).toBeNull();
  });

  it("tells the server with a cookie while it holds a login, until it expires, and stops when the login ends", async () => {
    const written: string[] = [];
    vi.stubGlobal("document", {
      set cookie(value: string) {
        written.push(value);
      },
    });
    const session = await import("./session");
    // A browser with no login: any hint left over is dropped as the app starts.
    expect(written).toEqual(["tradeshop-login=; Path=/; Max-Age=0; SameSite=Lax"]);
    session.startSession(liveToken());
    expect(written[1]).toMatch(/^tradeshop-login=1; Path=\/; Max-Age=(3599|3600); SameSite=Lax$/);
    session.clearSession();
    expect(written[2]).toBe("tradeshop-login=; Path=/; Max-Age=0; SameSite=Lax");
  });

  it("clears the token but keeps the chosen tenant", async () => {
    const session = await import("./session");
    session.startSession(liveToken());
    saved.set("tradeshop.tenant", "ZA-KZN");
    session.clearSession();
    expect(saved.has("tradeshop.session")).toBe(false);
    expect(session.getSession()).toBeNull();
    expect(session.getTenant()).toBe("ZA-KZN");
  });

  it("uses the chosen tenant only when the token holds it, else the token's first", async () => {
    const session = await import("./session");
    session.startSession(liveToken());
    expect(session.getTenant()).toBe("ZA-GP");
    saved.set("tradeshop.tenant", "ZA-KZN");
    expect(session.getTenant()).toBe("ZA-KZN");
    saved.set("tradeshop.tenant", "ZA-WC");
    expect(session.getTenant()).toBe("ZA-GP");
  });

  it("checks roles from the claims", async () => {
    const session = await import("./session");
    const current = session.startSession(
      fakeJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 60, roles: ["Staff", "NoImage"] }),
    );
    expect(session.hasRole(current, "NoImage")).toBe(true);
    expect(session.hasRole(current, "Admin")).toBe(false);
    expect(session.hasRole(null, "NoImage")).toBe(false);
  });
  it("ends a session whose token expired while no timer ran (a sleeping laptop)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const session = await import("./session");
      session.startSession(fakeJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 }));
      vi.setSystemTime(Date.now() + 61_000);
      expect(session.getSession()).toBeNull();
      expect(saved.has("tradeshop.session")).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  describe("on a shared phone", () => {
    /** What a first login left: copies of its cart and wishlist, a rep's account, unsent changes. */
    const leftBy = (uid: number) => {
      saved.set("tradeshop.cart", '{"shopper":"7@ZA-GP","list":{}}');
      saved.set("tradeshop.wishlist", '{"shopper":"7@ZA-GP","list":{}}');
      saved.set("tradeshop.actingFor", '{"accountId":"CUS0004","uid":7}');
      saved.set("tradeshop.cart.pending", JSON.stringify({ shopper: "7@ZA-GP", uid, changes: [] }));
    };
    const deleted: string[] = [];
    beforeEach(() => {
      deleted.length = 0;
      vi.stubGlobal("caches", { delete: (name: string) => Promise.resolve(deleted.push(name) > 0) });
    });
    const keys = () => [...saved.keys()].sort();

    it("forgets a login that ran out while the shop was closed, its copies of API answers included", async () => {
      leftBy(7);
      saved.set("tradeshop.session", fakeJwt({ ...claims, exp: 1 }));
      saved.set("tradeshop.theme", "dark-theme");
      await import("./session");
      // The buyer's unsent cart changes wait for the same user's next login.
      expect(keys()).toEqual(["tradeshop.cart.pending", "tradeshop.theme"]);
      expect(deleted).toEqual(["api-reads"]);
    });

    it("keeps a live login's copies on start", async () => {
      leftBy(7);
      saved.set("tradeshop.session", liveToken());
      await import("./session");
      expect(saved.has("tradeshop.cart")).toBe(true);
      expect(deleted).toEqual([]);
    });

    it("leaves nothing of the previous user for a different login, unsent changes included", async () => {
      const session = await import("./session");
      leftBy(99);
      session.startSession(liveToken());
      expect(keys()).toEqual(["tradeshop.session"]);
      expect(deleted).toEqual(["api-reads"]);
    });

    it("gives the same user back their unsent cart changes", async () => {
      const session = await import("./session");
      leftBy(7);
      session.startSession(liveToken());
      expect(keys()).toEqual(["tradeshop.cart.pending", "tradeshop.session"]);
    });

    it("forgets everything but unsent changes when the login ends (Logout, a 401, the timer)", async () => {
      const session = await import("./session");
      session.startSession(liveToken());
      leftBy(7);
      deleted.length = 0;
      session.clearSession();
      expect(keys()).toEqual(["tradeshop.cart.pending"]);
      expect(deleted).toEqual(["api-reads"]);
    });
  });

  it("forgets the chosen tenant when asked (a failed login)", async () => {
    const session = await import("./session");
    saved.set("tradeshop.tenant", "ZA-KZN");
    session.clearTenant();
    expect(saved.has("tradeshop.tenant")).toBe(false);
  });

  it("keeps the last user name for the next visit", async () => {
    const session = await import("./session");
    expect(session.lastUsername()).toBe("");
    session.rememberUsername("trader");
    expect(saved.get("tradeshop.lastUsername")).toBe("trader");
    expect(session.lastUsername()).toBe("trader");
  });
});
