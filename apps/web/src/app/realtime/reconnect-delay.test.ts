import { describe, expect, it } from "vitest";
import { FIRST_RECONNECT_MS, MAX_RECONNECT_MS, reconnectDelay } from "./reconnect-delay";

describe("reconnectDelay", () => {
  it("doubles from one second, between half and all of its ceiling", () => {
    expect(reconnectDelay(0, () => 0)).toBe(FIRST_RECONNECT_MS / 2);
    expect(reconnectDelay(0, () => 1)).toBe(FIRST_RECONNECT_MS);
    expect(reconnectDelay(1, () => 1)).toBe(2 * FIRST_RECONNECT_MS);
    expect(reconnectDelay(3, () => 0.5)).toBe(6000);
  });

  it("never waits longer than the maximum, however many failures", () => {
    expect(reconnectDelay(5, () => 1)).toBe(MAX_RECONNECT_MS);
    expect(reconnectDelay(50, () => 1)).toBe(MAX_RECONNECT_MS);
    expect(reconnectDelay(1000, () => 0)).toBe(MAX_RECONNECT_MS / 2);
  });
});
