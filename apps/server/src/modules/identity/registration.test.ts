import { describe, expect, it } from "vitest";
import { maskCellphone, maskEmail, toE164 } from "./registration";

describe("where a PIN can go, as the registration form shows it", () => {
  it("masks a cellphone number but keeps the country code and the last four digits", () => {
    expect(maskCellphone("+27820000003")).toBe("+27*****0003");
  });

  it("masks an e-mail address but keeps its first letters and domain", () => {
    expect(maskEmail("newshop@demo.shop")).toBe("ne*****@demo.shop");
    expect(maskEmail("ab@x.co")).toBe("a***@x.co");
  });

  it("reads South African numbers written the usual ways", () => {
    expect(toE164("082 000 0003")).toBe("+27820000003");
    expect(toE164("+27 82 000 0003")).toBe("+27820000003");
    expect(toE164("12")).toBeUndefined();
  });
});
