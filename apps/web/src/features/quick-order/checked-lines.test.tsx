// A checked line's badge says what its sentence says: a short line whose warehouse has none is
// "Out of stock" (the server's "Out of stock."), one with some, or with all of it in the cart, is
// "Short stock".
import { describe, expect, it } from "vitest";
import { statusText } from "./checked-lines";

describe("statusText", () => {
  it("calls a short line with no stock at all out of stock, and one with some short", () => {
    expect(statusText({ status: "short_stock", available: 0, inCart: 0 })).toBe("Out of stock");
    expect(statusText({ status: "short_stock", available: 3, inCart: 0 })).toBe("Short stock");
    expect(statusText({ status: "short_stock", available: 0, inCart: 12 })).toBe("Short stock");
  });

  it("leaves every other status its own word", () => {
    expect(statusText({ status: "ok", available: 40, inCart: 0 })).toBe("Ready");
    expect(statusText({ status: "not_allowed", available: 0, inCart: 0 })).toBe("Not allowed");
  });
});
