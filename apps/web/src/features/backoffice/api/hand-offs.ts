// The staff view of the order hand-off queue (contracts/backoffice.ts). Staff get no real-time
// stream, so the list refreshes itself every few seconds while it is open.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { successToast } from "@/lib/ui/toasts";
import { backOfficeRoutes } from "@trade-shop/contracts/backoffice";
import type { HandOff, HandOffState } from "@trade-shop/contracts/backoffice";
import { apiRequest } from "@/lib/api-client";
import { getTenant } from "@/lib/session";

export const HAND_OFFS_KEY = ["hand-offs"] as const;
export const HAND_OFFS_REFRESH_MS = 5000;

/** Without a state: everything not yet done. */
export type HandOffFilter = HandOffState | "open";

export function getHandOffsQueryOptions(filter: HandOffFilter) {
  return queryOptions({
    queryKey: [...HAND_OFFS_KEY, getTenant() ?? "", filter],
    queryFn: ({ signal }) =>
      apiRequest(backOfficeRoutes.handOffs, { query: filter === "open" ? {} : { state: filter }, signal }),
    refetchInterval: HAND_OFFS_REFRESH_MS,
  });
}

export function useHandOffs(filter: HandOffFilter) {
  return useQuery(getHandOffsQueryOptions(filter));
}

/**
 * "Try now": a parked hand-off is queued again, a waiting one (pending or retrying) made due now;
 * the toast says which.
 */
export function useRetryHandOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handOff: Pick<HandOff, "id" | "state">) =>
      apiRequest(backOfficeRoutes.retryHandOff, { params: { id: handOff.id } }),
    onSuccess: (handOff, asked) => {
      successToast(asked.state === "parked" ? "Queued again" : "Trying now", {
        description:
          asked.state === "parked"
            ? `Order ${handOff.orderNumber} will be sent to the back office again.`
            : `Order ${handOff.orderNumber} goes to the back office now.`,
      });
      void queryClient.invalidateQueries({ queryKey: HAND_OFFS_KEY });
    },
    // A 409 (handed over meanwhile) means the list is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: HAND_OFFS_KEY }),
  });
}
