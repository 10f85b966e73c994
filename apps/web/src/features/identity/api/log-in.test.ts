import { describe, expect, it } from "vitest";
import { userRoutes } from "@trade-shop/contracts/identity";
import { loginRouteFor } from "./log-in";

describe("loginRouteFor", () => {
  it("logs in by e-mail when the name holds an @, else by username", () => {
    expect(loginRouteFor("newshop@demo.shop")).toBe(userRoutes.authenticateUsingEmail);
    expect(loginRouteFor("trader")).toBe(userRoutes.authenticate);
    expect(loginRouteFor("TRADESHOP\\staff")).toBe(userRoutes.authenticate);
  });
});
