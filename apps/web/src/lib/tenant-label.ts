/** Tenants travel as short codes (gauteng); people read them capitalised (Gauteng). */
export function tenantLabel(code: string): string {
  return code.charAt(0).toUpperCase() + code.slice(1);
}
