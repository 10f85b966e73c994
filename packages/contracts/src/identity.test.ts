import { describe, expect, it } from "vitest";
import {
  CreateUserPayload,
  PreRegistrationRequest,
  RegisterExternalUserPayload,
  normalizeClaims,
} from "./identity";

const claims = {
  exp: 1_900_000_000,
  firstName: "Thandi",
  surname: "Trader",
  sub: "trader",
  uid: 7,
  roles: ["Customer"],
  tenants: ["north"],
};

describe("normalizeClaims", () => {
  it("wraps a single role and a single tenant in a list", () => {
    const normalized = normalizeClaims({ ...claims, roles: "Customer", tenants: "north" });
    expect(normalized.roles).toEqual(["Customer"]);
    expect(normalized.tenants).toEqual(["north"]);
  });

  it("keeps lists as they are and treats a missing list as empty", () => {
    expect(normalizeClaims({ ...claims, roles: ["Staff", "NoImage"] }).roles).toEqual(["Staff", "NoImage"]);
    expect(normalizeClaims({ ...claims, roles: undefined }).roles).toEqual([]);
  });

  it("strips a DOMAIN\\ prefix from sub", () => {
    expect(normalizeClaims({ ...claims, sub: "TRADESHOP\\jdoe" }).sub).toBe("jdoe");
    expect(normalizeClaims(claims).sub).toBe("trader");
  });

  it("reads a uid written as text", () => {
    expect(normalizeClaims({ ...claims, uid: "42" }).uid).toBe(42);
  });

  it("refuses a payload that is not a shop token", () => {
    expect(() => normalizeClaims({ sub: "x" })).toThrow();
  });
});

const newUser = {
  username: "newshop",
  firstname: "New",
  lastname: "Shop",
  email: "newshop@demo.shop",
};

describe("CreateUserPayload", () => {
  it("needs a password of at least 10 characters for a local user", () => {
    expect(CreateUserPayload.safeParse(newUser).error?.issues[0]?.message).toBe("Enter a password");
    expect(CreateUserPayload.safeParse({ ...newUser, password: "short" }).error?.issues[0]?.message).toBe(
      "Password must be at least 10 characters",
    );
    expect(CreateUserPayload.safeParse({ ...newUser, password: "Demo-Trade-2026" }).success).toBe(true);
  });

  it("lets a directory user go without a password", () => {
    expect(CreateUserPayload.safeParse({ ...newUser, isActiveDirectoryUser: true }).success).toBe(true);
  });
});

describe("RegisterExternalUserPayload", () => {
  const registration = {
    ...newUser,
    password: "Demo-Trade-2026",
    customerAccount: "CUS0003",
    otpKey: "otp-1",
    otpPin: "123456",
  };

  it("needs a 6-digit PIN", () => {
    expect(RegisterExternalUserPayload.safeParse(registration).success).toBe(true);
    expect(RegisterExternalUserPayload.safeParse({ ...registration, otpPin: "12345" }).success).toBe(false);
    expect(RegisterExternalUserPayload.safeParse({ ...registration, otpPin: "12345a" }).success).toBe(false);
  });

  it("drops roles a registering user tries to give themselves", () => {
    const parsed = RegisterExternalUserPayload.parse({ ...registration, roles: ["Admin"] });
    expect(parsed).not.toHaveProperty("roles");
  });
});

describe("PreRegistrationRequest", () => {
  const request = { pastelCustomerAccount: "CUS0003", emailAddress: "newshop@demo.shop" };

  it("needs a channel, and a number for SMS", () => {
    expect(PreRegistrationRequest.safeParse(request).success).toBe(false);
    expect(
      PreRegistrationRequest.safeParse({ ...request, sendOtpViaSms: true }).error?.issues[0]?.path,
    ).toEqual(["otpSMSNumber"]);
    expect(
      PreRegistrationRequest.safeParse({ ...request, sendOtpViaSms: true, otpSMSNumber: "+27820000003" })
        .success,
    ).toBe(true);
  });
});
