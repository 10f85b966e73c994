import { describe, expect, it } from "vitest";
import { EmailAddress, Quantity, Rand, toCents, toRand } from "./common";

describe("toCents / toRand", () => {
  it("turns rand into whole cents without float noise", () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.56)).toBe(123456);
  });

  it("rounds half a cent away from zero as the decimal reads, not as the binary float does", () => {
    expect(toCents(1.005)).toBe(101); // 1.005 * 100 === 100.49999999999999
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(0.125)).toBe(13);
    expect(toCents(1.0049)).toBe(100);
    expect(toCents(-0)).toBe(0);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });

  it("round-trips every cent value", () => {
    for (const cents of [0, 1, 5, 99, 1999, 123456, 15_000_000]) {
      expect(toCents(toRand(cents))).toBe(cents);
    }
    expect(toRand(1999)).toBe(19.99);
  });
});

describe("Rand", () => {
  it("accepts two decimals and float noise from adding them", () => {
    expect(Rand.safeParse(19.99).success).toBe(true);
    expect(Rand.safeParse(0.1 + 0.2).success).toBe(true);
  });

  it("refuses a third decimal", () => {
    expect(Rand.safeParse(19.995).success).toBe(false);
    expect(Rand.safeParse(156_789_012.345).success).toBe(false);
  });

  it("accepts every amount read from cents, R150 million and more included (a big account's year)", () => {
    for (let cents = 15_678_900_000; cents < 15_678_901_000; cents++)
      expect(Rand.safeParse(toRand(cents)).success).toBe(true);
  });
});

describe("Quantity", () => {
  it("accepts whole packs from 1 to 9 999", () => {
    expect(Quantity.parse(1)).toBe(1);
    expect(Quantity.parse(9999)).toBe(9999);
  });

  it.each([0, 10000, 1.5, -1])("refuses %s", (quantity) => {
    expect(Quantity.safeParse(quantity).success).toBe(false);
  });

  it("explains the upper bound in words", () => {
    expect(Quantity.safeParse(10000).error?.issues[0]?.message).toBe("Quantity cannot be more than 9 999");
  });
});

describe("EmailAddress", () => {
  it("trims before checking", () => {
    expect(EmailAddress.parse("  trader@demo.shop ")).toBe("trader@demo.shop");
  });

  it("asks for the address when it is missing or empty, once", () => {
    expect(EmailAddress.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual([
      "Enter your e-mail address",
    ]);
    expect(EmailAddress.safeParse("  ").error?.issues.map((issue) => issue.message)).toEqual([
      "Enter your e-mail address",
    ]);
    expect(EmailAddress.safeParse("trader").error?.issues[0]?.message).toBe("Enter a valid e-mail address");
  });
});
