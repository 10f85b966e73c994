// The customer's account (docs/data.md, docs/api.md): customer details with the balance (dcBalance), the
// credit details, and the delivery addresses, cached per shopper under ACCOUNT_KEY. docs/behaviour.md
// Startup loads balance and credit for the header; the real-time stream keeps them current.
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { AccountState, CustomerDetails } from "@trade-shop/contracts/accounts";
import { accountRoutes } from "@trade-shop/contracts/accounts";
import type { AccountChange } from "@trade-shop/contracts/realtime";
import { apiRequest } from "@/lib/api-client";
import { useShopper, type Shopper } from "@/entities/shopper";

export const ACCOUNT_KEY = ["account"] as const;

export function getCustomerDetailsQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...ACCOUNT_KEY, shopper, "customer-details"],
    queryFn: ({ signal }) => apiRequest(accountRoutes.getCustomerDetails, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function getCreditDetailsQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...ACCOUNT_KEY, shopper, "credit-details"],
    queryFn: ({ signal }) => apiRequest(accountRoutes.getCreditDetails, { signal }),
  });
}

export function getCustomerAddressesQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...ACCOUNT_KEY, shopper, "addresses"],
    queryFn: ({ signal }) => apiRequest(accountRoutes.getCustomerAddresses, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The customer's details, or with `select` only the part its reader needs (it re-renders when that part changes). */
export function useCustomerDetails<T = CustomerDetails>(select?: (details: CustomerDetails) => T) {
  const shopper = useShopper();
  return useQuery({ ...getCustomerDetailsQueryOptions(shopper ?? ""), enabled: shopper !== null, select });
}

export function useCreditDetails() {
  const shopper = useShopper();
  return useQuery({ ...getCreditDetailsQueryOptions(shopper ?? ""), enabled: shopper !== null });
}

export function useCustomerAddresses() {
  const shopper = useShopper();
  const query = useQuery({ ...getCustomerAddressesQueryOptions(shopper ?? ""), enabled: shopper !== null });
  return { ...query, shopper };
}

export function useRemainingCredit(): number | null {
  return useCreditDetails().data?.remainingCredit ?? null;
}

/** The header's Current Balance and Remaining Credit (docs/data.md Account state): null until known. */
export function useAccountState(): AccountState {
  return {
    dcBalance: useCustomerDetails().data?.dcBalance ?? null,
    remainingCredit: useRemainingCredit(),
  };
}

/** Puts a balance or credit change from the real-time stream into the cache, no reload needed. */
export function storeAccountChange(queryClient: QueryClient, shopper: Shopper, change: AccountChange): void {
  const { dcBalance, ...credit } = change;
  queryClient.setQueryData(getCreditDetailsQueryOptions(shopper).queryKey, credit);
  queryClient.setQueryData(getCustomerDetailsQueryOptions(shopper).queryKey, (details) =>
    details ? { ...details, dcBalance } : details,
  );
}
