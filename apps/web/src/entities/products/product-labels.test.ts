import { describe, expect, it } from "vitest";
import { formatCount, packText, parseQuantity, stockStatus, stockWarehouseNote } from "./product-labels";

describe("stockStatus", () => {
  it("says how many are in stock, warns when few are left, and says when none are", () => {
    expect(stockStatus(120)).toEqual({ level: "in", text: "In stock: 120" });
    expect(stockStatus(1335)).toEqual({ level: "in", text: "In stock: 1 335" });
    expect(stockStatus(11)).toEqual({ level: "in", text: "In stock: 11" });
    expect(stockStatus(10)).toEqual({ level: "low", text: "Only 10 left" });
    expect(stockStatus(2)).toEqual({ level: "low", text: "Only 2 left" });
    expect(stockStatus(0)).toEqual({ level: "out", text: "Out of stock" });
    expect(stockStatus(-3)).toEqual({ level: "out", text: "Out of stock" });
  });
});

describe("formatCount", () => {
  it("puts a space between thousands", () => {
    expect(formatCount(7)).toBe("7");
    expect(formatCount(1234567)).toBe("1 234 567");
  });
});

describe("packText", () => {
  it("says how many units of what size a pack holds", () => {
    expect(packText({ packSize: 14, capacity: "150 g" })).toBe("14 × 150 g");
    expect(packText({ packSize: 1, capacity: "750 ml" })).toBe("750 ml");
    expect(packText({ packSize: 6, capacity: null })).toBe("Pack of 6");
    expect(packText({ packSize: 1, capacity: " " })).toBe("Single unit");
  });
});

describe("parseQuantity", () => {
  it("accepts whole packs from 1 to 9 999", () => {
    expect(parseQuantity("1")).toEqual({ ok: true, quantity: 1 });
    expect(parseQuantity(" 24 ")).toEqual({ ok: true, quantity: 24 });
    expect(parseQuantity("9999")).toEqual({ ok: true, quantity: 9999 });
  });

  it("explains what is wrong with anything else", () => {
    expect(parseQuantity("")).toEqual({ ok: false, message: "Enter a quantity" });
    expect(parseQuantity("abc")).toEqual({ ok: false, message: "Enter a quantity" });
    expect(parseQuantity("0")).toEqual({ ok: false, message: "Quantity must be at least 1" });
    expect(parseQuantity("2.5")).toEqual({ ok: false, message: "Quantity must be a whole number of packs" });
    expect(parseQuantity("10000")).toEqual({ ok: false, message: "Quantity cannot be more than 9 999" });
  });
});

describe("stockWarehouseNote", () => {
  it("names the warehouse the figure is for, and tells a visitor how to see their own", () => {
    expect(stockWarehouseNote("DBN", "customer")).toBe("Stock at DBN, the warehouse that supplies you.");
    expect(stockWarehouseNote("JHB", "staff")).toBe("Stock at JHB, the warehouse visitors see.");
    expect(stockWarehouseNote("JHB", "visitor")).toBe(
      "Stock at our JHB warehouse. Log in to see the stock of the warehouse that supplies you.",
    );
  });
});
