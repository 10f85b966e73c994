// The callers an access test tries every route as: the demo logins, plus the ones the demo
// lacks (a NoImage-only user, an admin of one tenant, a user of the other tenant only), made
// through the Users API as the demo admin so they are real users with real tokens.
import { extraLogin } from "./fixtures";
import type { TestApp } from "./test-app";

export const PRINCIPALS = [
  "anonymous",
  /** trader: Customer of CUS0001 in gauteng, liquor licensed. */
  "customerA",
  /** spaza: Customer of CUS0002 in gauteng. */
  "customerB",
  /** staff: Staff and NoImage in coastal and gauteng. */
  "staff",
  /** A user whose only role is NoImage (gauteng). */
  "noImage",
  /** An Admin of gauteng only. */
  "adminOfOne",
  /** admin: Admin of both tenants. */
  "admin",
  /** A Staff user of coastal only, sending TenantId: gauteng. */
  "foreignTenant",
  /** trader sending TenantId: coastal, a tenant the login does not hold. */
  "customerOtherTenant",
  /** A Viewer of CUS0001 (trader's account): reads what the account shares, changes none of it. */
  "viewerA",
] as const;
export type PrincipalName = (typeof PRINCIPALS)[number];

export interface Caller {
  token?: string;
  tenantId?: string;
}

/** The password of every user made here; long, unusual and not on the common-passwords list. */
export const MADE_USER_PASSWORD = "Access-Matrix-Pass-2026";

/** Creates a user as `adminToken` and logs it in. */
export async function makeUser(
  t: TestApp,
  adminToken: string,
  user: { username: string; roles: string[]; tenants: string[] },
): Promise<{ id: number; token: string }> {
  const res = await t.request({
    method: "POST",
    url: "/api/Users",
    token: adminToken,
    tenantId: user.tenants[0],
    body: {
      username: user.username,
      firstname: "Made",
      lastname: "ForTests",
      email: `${user.username}@tradeshop.test`,
      password: MADE_USER_PASSWORD,
      roles: user.roles,
      tenants: user.tenants,
    },
  });
  if (res.statusCode !== 200) throw new Error(`create ${user.username}: ${res.statusCode} ${res.body}`);
  const { id } = res.json() as { id: number };
  return { id, token: await t.login(user.username, MADE_USER_PASSWORD) };
}

/** Every principal of PRINCIPALS as the token and TenantId header it sends. */
export async function loginPrincipals(t: TestApp): Promise<Record<PrincipalName, Caller>> {
  const admin = await t.login("admin");
  const trader = await t.login("trader");
  const noImage = await makeUser(t, admin, {
    username: "only.noimage",
    roles: ["NoImage"],
    tenants: ["gauteng"],
  });
  const adminOfOne = await makeUser(t, admin, {
    username: "gauteng.only.admin",
    roles: ["Admin"],
    tenants: ["gauteng"],
  });
  const coastal = await makeUser(t, admin, {
    username: "coastal.only.staff",
    roles: ["Staff"],
    tenants: ["coastal"],
  });
  // The web app always names the tenant it acts for; the demo's customers are in gauteng.
  return {
    anonymous: {},
    customerA: { token: trader, tenantId: "gauteng" },
    customerB: { token: await t.login("spaza"), tenantId: "gauteng" },
    staff: { token: await t.login("staff"), tenantId: "gauteng" },
    noImage: { token: noImage.token, tenantId: "gauteng" },
    adminOfOne: { token: adminOfOne.token, tenantId: "gauteng" },
    admin: { token: admin, tenantId: "gauteng" },
    foreignTenant: { token: coastal.token, tenantId: "gauteng" },
    customerOtherTenant: { token: trader, tenantId: "coastal" },
    viewerA: {
      token: await extraLogin(t, "trader", "viewer.of.a", { accountRole: "Viewer" }),
      tenantId: "gauteng",
    },
  };
}
