import { describe, expect, it } from "vitest";
import { PasswordReset } from "@trade-shop/contracts/identity";
import { contractResolver } from "@/lib/forms/contract-resolver";
import { PASSWORDS_DIFFER, withConfirmedPassword } from "./confirm-password";

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("withConfirmedPassword", () => {
  it("puts a mismatch under the confirmation and hands on the payload once both agree", async () => {
    const resolver = contractResolver(
      withConfirmedPassword(PasswordReset),
      (form: { password: string; confirmPassword: string }) => ({ ...form, hash: "abc" }),
      { debounceMs: 0 },
    );
    const mismatch = await resolver(
      { password: "Long-enough-1", confirmPassword: "Long-enough-2" },
      undefined,
      options,
    );
    expect(mismatch.errors).toEqual({ confirmPassword: { type: "custom", message: PASSWORDS_DIFFER } });
    const match = await resolver(
      { password: "Long-enough-1", confirmPassword: "Long-enough-1" },
      undefined,
      options,
    );
    expect(match.values).toMatchObject({ hash: "abc", password: "Long-enough-1" });
  });
});
