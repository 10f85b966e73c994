import { describe, expect, it } from "vitest";
import { readLoginNotice, withLoginNotice } from "./login-notice";

describe("login notice", () => {
  it("reads back the notice it was given", () => {
    const notice = { title: "Check your e-mail", message: "If that address has an account…" };
    expect(readLoginNotice(withLoginNotice(notice))).toEqual(notice);
  });

  it("ignores any other navigation state", () => {
    expect(readLoginNotice(null)).toBeNull();
    expect(readLoginNotice({ notice: "text" })).toBeNull();
    expect(readLoginNotice({ from: "/cart" })).toBeNull();
  });
});
