import { describe, expect, it } from "vitest";
import { api } from "@trade-shop/contracts/api";
import { loginRouteFor } from "./log-in";

describe("loginRouteFor", () => {
  it("logs in by e-mail when the name holds an @, else by username", () => {
    expect(loginRouteFor("newshop@demo.shop")).toBe(api.users.authenticateUsingEmail);
    expect(loginRouteFor("trader")).toBe(api.users.authenticate);
    expect(loginRouteFor("TRADESHOP\\staff")).toBe(api.users.authenticate);
  });
});
