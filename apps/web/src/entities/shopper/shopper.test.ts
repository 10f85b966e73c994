import { afterEach, describe, expect, it } from "vitest";
import { actingForOf, getActingFor, startActingFor, stopActingFor } from "@/lib/acting-for";
import { startSession } from "@/lib/session";
import { shopperOf } from "./shopper";
import { fakeJwt } from "@/lib/testing/tokens";
import type { RoleName } from "@trade-shop/contracts/common";

/** A session for an unsigned token with these roles (the app never checks signatures). */
function sessionOf(uid: number, roles: RoleName[]) {
  const token = fakeJwt(roles, { uid, tenants: ["coastal"] });
  const session = startSession(token);
  if (!session) throw new Error("the test token is not valid");
  return session;
}

describe("the account a rep orders for, and whose cache it is (decision 127)", () => {
  afterEach(() => stopActingFor());

  it("keys a rep's cart and prices by the account chosen, and gives a rep who chose none no cart", () => {
    const rep = sessionOf(9, ["Rep"]);
    expect(shopperOf(rep)).toBeNull();
    startActingFor({ accountId: "CUS0040", name: "Umlazi Liquor Store" });
    expect(getActingFor()?.accountId).toBe("CUS0040");
    const forA = shopperOf(rep);
    startActingFor({ accountId: "CUS0041", name: "Bayview Mini Market" });
    const forB = shopperOf(rep);
    expect(forA).toBe("9@coastal/CUS0040");
    expect(forB).toBe("9@coastal/CUS0041");
    stopActingFor();
    expect(shopperOf(rep)).toBeNull();
  });

  it("counts a choice only for the rep who made it, and never for a login without the Rep role", () => {
    sessionOf(9, ["Rep"]);
    startActingFor({ accountId: "CUS0040", name: "Umlazi Liquor Store" });
    const chosen = getActingFor();
    expect(actingForOf(sessionOf(10, ["Rep"]), chosen)).toBeNull();
    const customer = sessionOf(9, ["Customer"]);
    expect(actingForOf(customer, chosen)).toBeNull();
    expect(shopperOf(customer)).toBe("9@coastal");
  });
});
