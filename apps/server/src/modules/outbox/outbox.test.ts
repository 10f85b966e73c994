import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RemoteFailure } from "../../core/outbox";
import { databaseRetryDelayMs, failureKind, retryDelayMs, unavailableDelayMs } from "./outbox";

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

describe("unavailableDelayMs", () => {
  it("waits at most 5 s however often the far side said 'not now', starting at about a quarter of a second", () => {
    expect(unavailableDelayMs(1, () => 0.5)).toBe(250);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (failures, r) => {
          const delay = unavailableDelayMs(failures, () => r);
          expect(delay).toBeGreaterThanOrEqual(200);
          expect(delay).toBeLessThanOrEqual(5000);
        },
      ),
    );
    expect(unavailableDelayMs(50, () => 0)).toBe(5000);
  });
});

describe("databaseRetryDelayMs", () => {
  it("tries again within half a second, spread from 0.1 s", () => {
    expect(databaseRetryDelayMs(() => 0)).toBe(100);
    expect(databaseRetryDelayMs(() => 0.999999)).toBeLessThanOrEqual(500);
  });
});

describe("failureKind", () => {
  it("tells the database's faults from the far side's, whatever the far side's cause holds", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(failureKind(new Error("Client has encountered a connection error and is not queryable"))).toBe(
      "database",
    );
    expect(failureKind(Object.assign(new Error("statement timeout"), { code: "57014" }))).toBe("database");
    expect(failureKind(new Error("fetch failed", { cause: refused }))).toBe("database");
    expect(failureKind(new RemoteFailure("Back office unreachable", true, { cause: refused }))).toBe(
      "unavailable",
    );
    expect(failureKind(new RemoteFailure("Back office answered 422", false, { cause: refused }))).toBe(
      "failed",
    );
    expect(failureKind(new Error("Order 12 does not exist"))).toBe("failed");
  });
});
