import { describe, expect, it } from "vitest";
import { DomainError } from "../../core/domain-error";
import { COMMON_PASSWORDS } from "./common-passwords";
import { assertGoodPassword, passwordProblems } from "./password-rules";

describe("password rules", () => {
  it("accepts a long, uncommon password", () => {
    expect(passwordProblems("Braai-Season-Mielie-7")).toEqual([]);
  });

  it("refuses fewer than 10 characters", () => {
    expect(passwordProblems("Short-1x")).toEqual(["Password must be at least 10 characters"]);
  });

  it.each([
    "password123",
    "Password123",
    "QWERTYUIOP",
    "1234567890",
    "welcome2026",
    "southafrica",
    "aaaaaaaaaaaa",
  ])("refuses the common password %s in any letter case", (password) => {
    expect(passwordProblems(password)).toEqual([
      "This password is too common. Choose one that is harder to guess",
    ]);
  });

  it("refuses the user's own username or e-mail address", () => {
    expect(passwordProblems("NewShop@Demo.Shop", { username: "x", email: "newshop@demo.shop" })).toEqual([
      "Password must not be your username or e-mail address",
    ]);
  });

  it("ships a list of several hundred common passwords, all of at least 10 characters, in lower case", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const password of COMMON_PASSWORDS) {
      expect(password.length).toBeGreaterThanOrEqual(10);
      expect(password).toBe(password.toLowerCase());
    }
    expect(COMMON_PASSWORDS.has("demo-trade-2026")).toBe(false);
  });

  it("throws a 400-kind domain error naming the password field", () => {
    try {
      assertGoodPassword("password1234");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("validation");
      expect((error as DomainError).errors).toEqual({
        password: ["This password is too common. Choose one that is harder to guess"],
      });
    }
  });
});
