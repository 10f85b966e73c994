// Why the logged-in account may not buy liquor, in the words the product card, the product
// page and checkout show (the server refuses it on every path with the same reason): no licence
// at all, or a licence past its expiry day. Unknown (staff, still loading) is no refusal.
import type { CustomerDetails } from "@trade-shop/contracts/accounts";
import { formatShopDate } from "@trade-shop/contracts/format";
import { useCustomerDetails } from "./account-queries";

export const LICENSED_ONLY = "Licensed liquor customers only";

export function liquorBlockOf(
  customer: Pick<CustomerDetails, "isLiquorCustomer" | "liquorLicence"> | undefined,
): string | null {
  if (!customer) return null;
  if (!customer.isLiquorCustomer) return LICENSED_ONLY;
  const licence = customer.liquorLicence;
  if (licence?.expired) {
    return `Your liquor licence${licence.number ? ` ${licence.number}` : ""} expired on ${formatShopDate(licence.expiresOn)}: send your renewed licence to order liquor`;
  }
  return null;
}

/**
 * The reason liquor cannot be bought now, or null when it can (or the account is not known).
 * Its reader re-renders when the reason changes, not with every change of the account's details
 * (the balance the real-time stream keeps current): every product card reads it.
 */
export function useLiquorBlock(): string | null {
  return useCustomerDetails(liquorBlockOf).data ?? null;
}
