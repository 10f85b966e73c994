// Who is calling and for which tenant, as every module sees it: plain values read from the
// verified token by http/auth.ts, never the HTTP request itself.

export interface Principal {
  userId: number;
  username: string;
  roles: string[];
  tenants: string[];
  /** The tenant this request acts for: the TenantId header, or the token's first tenant. */
  tenantId: string | undefined;
  /**
   * The customer account a Rep shops as (the X-Acting-For header's account number); checked
   * against the rep's assignments where a customer is looked up (decision 127).
   */
  actingFor?: string | undefined;
  /** The user's token version the token was issued with (0 for tokens from before versions). */
  tokenVersion: number;
}

/** docs/product.md: a role check passes when the required list is empty or the user holds any listed role. */
export function hasAnyRole(held: readonly string[], required: readonly string[] | undefined) {
  return !required || required.length === 0 || required.some((role) => held.includes(role));
}
