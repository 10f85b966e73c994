import pg from "pg";
import { describe, expect, it } from "vitest";
import { numberTypes, parseInt8, parseNumeric } from "./number-types";

describe("INT8 and NUMERIC as numbers", () => {
  it("reads what a number holds exactly", () => {
    expect(parseInt8("123456")).toBe(123456);
    expect(parseInt8("-9007199254740991")).toBe(-Number.MAX_SAFE_INTEGER);
    expect(parseNumeric("15.00")).toBe(15);
    expect(parseNumeric("-0.125")).toBe(-0.125);
  });

  it("throws rather than lose precision above 2^53", () => {
    expect(() => parseInt8("9007199254740993")).toThrow(RangeError);
    expect(() => parseInt8("-9007199254740993")).toThrow(RangeError);
    expect(() => parseNumeric("9007199254740993.5")).toThrow(RangeError);
    expect(() => parseNumeric("NaN")).toThrow(RangeError);
  });

  it("is what the pools use for both types", () => {
    expect(numberTypes.getTypeParser(pg.types.builtins.INT8)).toBe(parseInt8);
    expect(numberTypes.getTypeParser(pg.types.builtins.NUMERIC)).toBe(parseNumeric);
    expect(numberTypes.getTypeParser(pg.types.builtins.INT4)("7")).toBe(7);
  });
});
