import { describe, expect, it } from "vitest";
import { cachedApiRead } from "./offline-rules";

describe("cachedApiRead: the API reads the service worker keeps a copy of", () => {
  it("keeps the catalogue's searches, by POST and by a visitor's first GET (decision 140)", () => {
    expect(cachedApiRead("POST", "/api/Product/ProductSearch")).toBe(true);
    expect(cachedApiRead("GET", "/api/Product/ProductSearch")).toBe(true);
    expect(cachedApiRead("GET", "/api/Product/GetProductImages/BEV1001")).toBe(true);
    expect(cachedApiRead("GET", "/api/Order")).toBe(true);
  });

  it("never keeps commands, sign-in or anything not listed", () => {
    expect(cachedApiRead("POST", "/api/Users/Authenticate")).toBe(false);
    expect(cachedApiRead("POST", "/api/Order")).toBe(false);
    expect(cachedApiRead("GET", "/api/Product/ProductSearch/extra")).toBe(false);
    expect(cachedApiRead("DELETE", "/api/Product/ProductSearch")).toBe(false);
  });
});
