import { describe, expect, it } from "vitest";
import type { User } from "@trade-shop/contracts/identity";
import { filterUsers } from "./user-search";

function user(overrides: Partial<User>): User {
  return {
    id: 1,
    username: "trader",
    firstname: "Thabo",
    lastname: "Mokoena",
    email: "trader@demo.shop",
    isActiveDirectoryUser: false,
    roles: ["Customer"],
    tenants: ["gauteng"],
    customerAccount: "CUS0001",
    resetPasswordOnNextLogin: false,
    failedLoginAttempts: 0,
    lockoutExpiryDate: null,
    isActive: true,
    signalRConnected: false,
    createdBy: null,
    createdDate: "2026-01-01T00:00:00.000Z",
    lastModifiedBy: null,
    lastModifiedDate: null,
    ...overrides,
  };
}

const trader = user({});
const admin = user({
  id: 4,
  username: "admin",
  firstname: "Ayesha",
  lastname: "Patel",
  email: "admin@demo.shop",
  roles: ["Admin"],
  customerAccount: null,
  tenants: ["gauteng", "coastal"],
});
const gone = user({
  id: 9,
  username: "old",
  firstname: "Old",
  lastname: "Timer",
  email: "old@demo.shop",
  isActive: false,
  customerAccount: "CUS0042",
});

describe("filterUsers", () => {
  const all = [trader, admin, gone];

  it("lists everyone for an empty search", () => {
    expect(filterUsers(all, "  ")).toEqual(all);
  });

  it("finds by name, username, e-mail, account, role or tenant, ignoring case", () => {
    expect(filterUsers(all, "thabo")).toEqual([trader]);
    expect(filterUsers(all, "ADMIN@")).toEqual([admin]);
    expect(filterUsers(all, "cus0042")).toEqual([gone]);
    expect(filterUsers(all, "coastal")).toEqual([admin]);
    expect(filterUsers(all, "disabled")).toEqual([gone]);
  });

  it("needs every word to match", () => {
    expect(filterUsers(all, "customer mokoena")).toEqual([trader]);
    expect(filterUsers(all, "customer patel")).toEqual([]);
  });
});
