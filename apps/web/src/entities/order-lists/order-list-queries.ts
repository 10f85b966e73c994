// /api/OrderLists in TanStack Query: the account's lists, one list's lines, and the changes,
// each of which reloads the lists. A list goes to the cart through the cart's command
// (useAddOrderListToCart). An entity because lines go onto a list from the catalogue, the cart, an
// order and the quick order pad.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { orderListRoutes, type OrderListLineInput } from "@trade-shop/contracts/order-lists";
import { apiRequest } from "@/lib/api-client";
import { useShopper } from "@/entities/shopper";

const KEY = ["order-lists"] as const;

export function useOrderLists() {
  const shopper = useShopper();
  return useQuery({
    queryKey: [...KEY, shopper, "all"],
    queryFn: ({ signal }) => apiRequest(orderListRoutes.list, { signal }),
    enabled: shopper !== null,
  });
}

export function useOrderList(id: number | null) {
  const shopper = useShopper();
  return useQuery({
    queryKey: [...KEY, shopper, id],
    queryFn: ({ signal }) => apiRequest(orderListRoutes.get, { params: { id: id! }, signal }),
    enabled: shopper !== null && id !== null,
  });
}

function useListChange<V, R>(send: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export const useCreateOrderList = () =>
  useListChange((body: { name: string; lines: OrderListLineInput[] }) =>
    apiRequest(orderListRoutes.create, { body }),
  );

export const useSetOrderListLines = () =>
  useListChange(({ id, lines }: { id: number; lines: OrderListLineInput[] }) =>
    apiRequest(orderListRoutes.setLines, { params: { id }, body: { lines } }),
  );

export const useDeleteOrderList = () =>
  useListChange((id: number) => apiRequest(orderListRoutes.remove, { params: { id } }));

/** Adds lines to a list (packs of a SKU already on it add up). */
export const useAddOrderListLines = () =>
  useListChange(({ id, lines }: { id: number; lines: OrderListLineInput[] }) =>
    apiRequest(orderListRoutes.addLines, { params: { id }, body: { lines } }),
  );
