import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoginRequest } from "@trade-shop/contracts/identity";
import { PasswordReset } from "@trade-shop/contracts/identity";
import { FORM_DEBOUNCE_MS, blankToUndefined, contractResolver } from "./contract-resolver";

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("contractResolver", () => {
  it("hands on the contract's parsed payload (trimmed) when the form is valid", async () => {
    const resolver = contractResolver(LoginRequest, undefined, { debounceMs: 0 });
    const result = await resolver({ username: "  trader ", password: "secret" }, undefined, options);
    expect(result).toEqual({ values: { username: "trader", password: "secret" }, errors: {} });
  });

  it("reports the contract's human message, one per field", async () => {
    const resolver = contractResolver(LoginRequest, undefined, { debounceMs: 0 });
    const result = await resolver({ username: " ", password: "" }, undefined, options);
    expect(result.errors).toEqual({
      username: { type: "too_small", message: "Enter your username" },
      password: { type: "too_small", message: "Enter your password" },
    });
  });

  it("checks what toPayload makes of the form, e.g. with a value from the URL", async () => {
    const resolver = contractResolver(
      PasswordReset,
      (form: { password: string }) => ({ ...form, hash: "abc" }),
      { debounceMs: 0 },
    );
    const result = await resolver({ password: "Long-enough-1" }, undefined, options);
    expect(result).toEqual({ values: { hash: "abc", password: "Long-enough-1" }, errors: {} });
  });

  it("adds the extra checks' messages, also while other fields are still wrong", async () => {
    const resolver = contractResolver(LoginRequest, undefined, {
      debounceMs: 0,
      alsoCheck: (form: { username: string; password: string }) =>
        form.username === "root" ? { username: "Not this one" } : {},
    });
    const both = await resolver({ username: "root", password: "" }, undefined, options);
    expect(both.errors).toEqual({
      username: { type: "custom", message: "Not this one" },
      password: { type: "too_small", message: "Enter your password" },
    });
    const onlyExtra = await resolver({ username: "root", password: "x" }, undefined, options);
    expect(onlyExtra).toEqual({
      values: {},
      errors: { username: { type: "custom", message: "Not this one" } },
    });
  });

  describe("while typing", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("waits for a 100 ms pause and validates a burst of changes once, with the latest values", async () => {
      const parse = vi.spyOn(LoginRequest, "safeParse");
      const resolver = contractResolver(LoginRequest);
      const first = resolver({ username: "", password: "x" }, undefined, options);
      await vi.advanceTimersByTimeAsync(FORM_DEBOUNCE_MS - 10);
      const second = resolver({ username: "trader", password: "x" }, undefined, options);
      await vi.advanceTimersByTimeAsync(FORM_DEBOUNCE_MS - 10);
      expect(parse).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(10);
      expect(parse).toHaveBeenCalledTimes(1);
      expect((await first).errors).toEqual({});
      expect((await second).values).toEqual({ username: "trader", password: "x" });
      parse.mockRestore();
    });
  });
});

describe("blankToUndefined", () => {
  it("treats empty and whitespace-only text as not given", () => {
    expect(blankToUndefined("")).toBeUndefined();
    expect(blankToUndefined("  ")).toBeUndefined();
    expect(blankToUndefined(null)).toBeUndefined();
    expect(blankToUndefined("CUS0001")).toBe("CUS0001");
  });
});
