import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const base = { NODE_ENV: "test" };

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["false", false],
    ["true", true],
    ["1", 1],
    ["127.0.0.1", "127.0.0.1"],
    ["10.0.0.0/8, 192.168.1.7 ,::1", "10.0.0.0/8,192.168.1.7,::1"],
  ])("reads %s as %s", (given, expected) => {
    expect(
      loadConfig({ ...base, ...(given === undefined ? {} : { TRUST_PROXY: given }) }).TRUST_PROXY,
    ).toEqual(expected);
  });

  it.each(["yes", "10.0.0.300", "loadbalancer", "10.0.0.0/abc"])(
    "refuses %s with a message naming it",
    (given) => {
      expect(() => loadConfig({ ...base, TRUST_PROXY: given })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, TRUST_PROXY: given })).toThrow(/TRUST_PROXY/);
    },
  );
});

describe("operations settings", () => {
  it("bounds waiting for the database at about five seconds by default", () => {
    const config = loadConfig(base);
    expect(config.DATABASE_CONNECT_TIMEOUT_MS + config.DATABASE_STATEMENT_TIMEOUT_MS).toBeLessThanOrEqual(
      6000,
    );
    // A dead process's hand-offs move within about five seconds (decision 157).
    expect(config.OUTBOX_LEASE_MS).toBe(3_000);
  });

  it("refuses a metrics token too short to be a secret", () => {
    expect(() => loadConfig({ ...base, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });
});
