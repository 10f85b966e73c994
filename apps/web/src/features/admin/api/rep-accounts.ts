// A sales rep's customer accounts, as an admin sees and changes them (decision 127).
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { repRoutes } from "@trade-shop/contracts/reps";
import { apiRequest } from "@/lib/api-client";
import { userKeys } from "./users";

const repAccountsKey = (id: number) => [...userKeys.all, "rep-accounts", id] as const;

export function repAccountsQueryOptions(id: number) {
  return queryOptions({
    queryKey: repAccountsKey(id),
    queryFn: ({ signal }) => apiRequest(repRoutes.accountsOfRep, { params: { id }, signal }),
  });
}

/** Assigns an account of the admin's current tenant; the answer is the rep's accounts after it. */
export function useAssignRepAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => apiRequest(repRoutes.assign, { params: { id, accountId } }),
    onSuccess: (accounts) => queryClient.setQueryData(repAccountsKey(id), accounts),
  });
}

export function useUnassignRepAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => apiRequest(repRoutes.unassign, { params: { id, accountId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: repAccountsKey(id) }),
  });
}
