import { describe, expect, it } from "vitest";
import { userStatus } from "./user-status";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe("userStatus", () => {
  it("puts disabled first, whatever the lock", () => {
    expect(
      userStatus({ isActive: false, lockoutExpiryDate: new Date(NOW + 60_000).toISOString() }, NOW),
    ).toEqual({ kind: "disabled" });
  });

  it("shows a lock only while it lasts", () => {
    const until = new Date(NOW + 60_000).toISOString();
    expect(userStatus({ isActive: true, lockoutExpiryDate: until }, NOW)).toEqual({ kind: "locked", until });
    expect(userStatus({ isActive: true, lockoutExpiryDate: new Date(NOW - 1).toISOString() }, NOW)).toEqual({
      kind: "active",
    });
    expect(userStatus({ isActive: true, lockoutExpiryDate: null }, NOW)).toEqual({ kind: "active" });
  });
});
