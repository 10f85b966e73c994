// The people of the customer account: the caller's own role and order limit (for the
// checkout's warning and the owner's tools), the owner's list of buyers and invitations, and the
// owner's approve and reject of orders over a buyer's limit. Cached per shopper under ACCOUNT_KEY.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { buyerRoutes, type InviteBuyerCommand, type UpdateBuyerCommand } from "@trade-shop/contracts/buyers";
import { apiRequest } from "@/lib/api-client";
import { ORDERS_KEY } from "@/entities/orders";
import { useShopper, type Shopper } from "@/entities/shopper";
import { ACCOUNT_KEY } from "@/entities/account";

export function getMembershipQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...ACCOUNT_KEY, shopper, "membership"],
    // Asked for on every page of a login, in the background: with no signal the page's offline
    // notice says so, and a toast of its own would only add an error the buyer did not cause.
    queryFn: ({ signal }) => apiRequest(buyerRoutes.membership, { signal, quietWhenUnreachable: true }),
    staleTime: 5 * 60_000,
  });
}

/** The owner's approvals inbox; under ORDERS_KEY, so an order's realtime change refreshes it. */
export function getApprovalsQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, shopper, "approvals"],
    queryFn: ({ signal }) => apiRequest(buyerRoutes.approvals, { signal, quietWhenUnreachable: true }),
    // The header counts them on every page: a minute between asks when no change is pushed.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

/** The orders waiting for the owner; never asked for anyone else. */
export function useApprovalsInbox() {
  const shopper = useShopper();
  const owner = useIsAccountOwner();
  return useQuery({ ...getApprovalsQueryOptions(shopper ?? ""), enabled: shopper !== null && owner });
}

export function getAccountPeopleQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...ACCOUNT_KEY, shopper, "people"],
    queryFn: ({ signal }) => apiRequest(buyerRoutes.people, { signal }),
  });
}

export function useMembership() {
  const shopper = useShopper();
  return useQuery({ ...getMembershipQueryOptions(shopper ?? ""), enabled: shopper !== null });
}

export function useIsAccountOwner() {
  return useMembership().data?.accountRole === "Owner";
}

export function useAccountPeople() {
  const shopper = useShopper();
  const owner = useIsAccountOwner();
  return useQuery({ ...getAccountPeopleQueryOptions(shopper ?? ""), enabled: shopper !== null && owner });
}

/** The account's people by name, for the owner's history filter; empty for everyone else. */
export function useAccountBuyers() {
  const people = useAccountPeople().data;
  return (people?.users ?? []).map((user) => ({
    userId: user.userId,
    name: `${user.firstname} ${user.lastname}`,
  }));
}

function useAccountChange<T>(change: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  const shopper = useShopper();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: [...ACCOUNT_KEY, shopper ?? "", "people"] }),
  });
}

export const useInviteBuyer = () =>
  useAccountChange((body: InviteBuyerCommand) => apiRequest(buyerRoutes.invite, { body }));

export const useUpdateBuyer = () =>
  useAccountChange(({ userId, ...body }: UpdateBuyerCommand & { userId: number }) =>
    apiRequest(buyerRoutes.update, { params: { userId }, body }),
  );

export const useRemoveBuyer = () =>
  useAccountChange((userId: number) => apiRequest(buyerRoutes.remove, { params: { userId } }));

export const useRevokeInvitation = () =>
  useAccountChange((id: number) => apiRequest(buyerRoutes.revokeInvitation, { params: { id } }));

/** Approve or reject an order awaiting approval; the orders and the credit shown are refreshed. */
export function useDecideOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: number; approve: true } | { id: number; approve: false; reason: string }) =>
      decision.approve
        ? apiRequest(buyerRoutes.approve, { params: { id: decision.id } })
        : apiRequest(buyerRoutes.reject, { params: { id: decision.id }, body: { reason: decision.reason } }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ORDERS_KEY });
      await client.invalidateQueries({ queryKey: ACCOUNT_KEY });
    },
  });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ["invitation", token],
    queryFn: ({ signal }) => apiRequest(buyerRoutes.invitation, { query: { token }, signal }),
    enabled: token !== "",
    retry: false,
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: Parameters<typeof apiRequest<typeof buyerRoutes.acceptInvitation>>[1]["body"]) =>
      apiRequest(buyerRoutes.acceptInvitation, { body }),
  });
}
