import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./outbox";

describe("retryDelayMs", () => {
  it("doubles with each attempt from the base delay", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 15_000, middle))).toEqual([
      15_000, 30_000, 60_000, 120_000,
    ]);
  });

  it("never waits more than an hour (plus jitter), nor less than 80% of the exponential delay", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (attempt, base, r) => {
          const delay = retryDelayMs(attempt, base, () => r);
          const exponential = Math.min(base * 2 ** (attempt - 1), 3_600_000);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(exponential * 0.8));
          expect(delay).toBeLessThanOrEqual(Math.ceil(exponential * 1.2));
        },
      ),
    );
  });
});
