// The customer accounts assigned to the logged-in sales rep in the tenant they act for.
import { queryOptions } from "@tanstack/react-query";
import { repRoutes } from "@trade-shop/contracts/reps";
import { apiRequest } from "@/lib/api-client";

export function myAccountsQueryOptions(rep: string) {
  return queryOptions({
    queryKey: ["rep-accounts", rep],
    queryFn: ({ signal }) => apiRequest(repRoutes.myAccounts, { signal }),
  });
}
