// What checkout needs from the customer's account (SPEC §7): the delivery address from the
// customer details, and the remaining credit. Credit is a nicety at checkout (the server checks
// it when the order is placed), so a failure to load it only leaves it out.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@trade-shop/contracts/api";
import { apiRequest } from "../../../lib/api-client";
import { useShopper, type Shopper } from "../../cart/api/shopper";

export const ACCOUNT_KEY = ["account"] as const;

export function getCustomerDetailsQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...ACCOUNT_KEY, shopper, "customer-details"],
    queryFn: ({ signal }) => apiRequest(api.users.getCustomerDetails, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function getCreditDetailsQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...ACCOUNT_KEY, shopper, "credit-details"],
    queryFn: ({ signal }) => apiRequest(api.users.getCreditDetails, { signal }),
  });
}

export function useCustomerDetails() {
  const shopper = useShopper();
  return useQuery({ ...getCustomerDetailsQueryOptions(shopper ?? ""), enabled: shopper !== null });
}

export function useRemainingCredit(): number | null {
  const shopper = useShopper();
  const query = useQuery({ ...getCreditDetailsQueryOptions(shopper ?? ""), enabled: shopper !== null });
  return query.data?.remainingCredit ?? null;
}
