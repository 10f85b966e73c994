import { describe, expect, it } from "vitest";
import { PROBLEM_CODES, ProblemCode, problemType, statusOf } from "./problems";
import { PROBLEM_TEXTS } from "./problem-texts";

describe("problem codes", () => {
  it("give every code a status the API uses and its own type URI", () => {
    const statuses = new Set([400, 401, 403, 404, 405, 409, 414, 423, 429, 431, 500, 503]);
    for (const code of PROBLEM_CODES) {
      expect(statuses.has(statusOf(code)), code).toBe(true);
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(PROBLEM_TEXTS[code].length).toBeGreaterThan(20);
      expect(problemType(code)).toBe(`/problems/${code}`);
    }
  });

  it("parse only known codes", () => {
    expect(ProblemCode.safeParse("stock_short").success).toBe(true);
    expect(ProblemCode.safeParse("Stock short").success).toBe(false);
  });
});
