import { describe, expect, it } from "vitest";
import { DEFAULT_LANDING } from "@trade-shop/contracts/routes";
import { landingAfterLogin, requestedUrl, safeReturnUrl } from "./return-url";

describe("safeReturnUrl", () => {
  it("keeps paths on this site with their query", () => {
    expect(safeReturnUrl("/orders-history/12")).toBe("/orders-history/12");
    expect(safeReturnUrl("/products?category=chips&pageNumber=2")).toBe(
      "/products?category=chips&pageNumber=2",
    );
  });

  it("refuses other sites, odd schemes and control characters", () => {
    expect(safeReturnUrl("https://evil.example/")).toBeNull();
    expect(safeReturnUrl("//evil.example/")).toBeNull();
    expect(safeReturnUrl("/\\evil.example/")).toBeNull();
    expect(safeReturnUrl("javascript:alert(1)")).toBeNull();
    expect(safeReturnUrl("/cart\n")).toBeNull();
    expect(safeReturnUrl("")).toBeNull();
    expect(safeReturnUrl(null)).toBeNull();
  });

  it("refuses the login area, which would only show the form again", () => {
    expect(safeReturnUrl("/login")).toBeNull();
    expect(safeReturnUrl("/login?returnUrl=/cart")).toBeNull();
    expect(safeReturnUrl("/auth/login")).toBeNull();
    expect(safeReturnUrl("/register-account")).toBeNull();
    expect(safeReturnUrl("/loginsomething")).toBe("/loginsomething");
  });
});

describe("requestedUrl", () => {
  it("reads ?returnUrl=", () => {
    expect(requestedUrl("/login", "?returnUrl=%2Forders-history%2F5")).toBe("/orders-history/5");
  });

  it("reads the encoded second segment of the {returnUrl}/{returnUrl} route", () => {
    expect(requestedUrl("/login/%2Forders-history%2F5", "")).toBe("/orders-history/5");
    expect(requestedUrl("/login/not-a-path", "")).toBeNull();
    expect(requestedUrl("/login/%E0%A4%A", "")).toBeNull();
  });

  it("has nothing when the visitor came to log in on purpose", () => {
    expect(requestedUrl("/login", "")).toBeNull();
    expect(requestedUrl("/auth/login", "")).toBeNull();
  });
});

describe("landingAfterLogin", () => {
  it("goes to the requested URL, else the products home", () => {
    expect(landingAfterLogin("/login", "?returnUrl=/cart")).toBe("/cart");
    expect(landingAfterLogin("/login", "?returnUrl=//evil.example")).toBe(DEFAULT_LANDING);
    expect(landingAfterLogin("/login", "")).toBe(DEFAULT_LANDING);
  });
});
