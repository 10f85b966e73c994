import { describe, expect, it } from "vitest";
import { formatCount, packText, stockStatus, stockWarehouseNote } from "./product-labels";

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

describe("stockWarehouseNote", () => {
  it("names the warehouse the figure is for, and tells a visitor how to see their own", () => {
    expect(stockWarehouseNote("DBN", "customer")).toBe("Stock at DBN, the warehouse that supplies you.");
    expect(stockWarehouseNote("JHB", "staff")).toBe("Stock at JHB, the warehouse visitors see.");
    expect(stockWarehouseNote("JHB", "visitor")).toBe(
      "Stock at our JHB warehouse. Log in to see the stock of the warehouse that supplies you.",
    );
  });
});
