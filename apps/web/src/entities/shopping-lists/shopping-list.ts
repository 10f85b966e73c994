// What the cart and the wishlist share as server state (docs/behaviour.md): one cache entry per shopper,
// the copy in browser storage shown at once and refreshed straight away, and every command's
// answer replacing both. Each list describes itself once and passes that to these helpers.
import { useEffect } from "react";
import {
  queryOptions,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import { readMirror, removeMirror, writeMirror, type ListKind } from "./list-mirror";
import { ApiError } from "@/lib/api-client";
import { useShopper, type Shopper } from "@/entities/shopper";

export interface ShoppingList<T> {
  /** Also the root of the list's query and mutation keys, which other code invalidates. */
  kind: ListKind;
  schema: z.ZodType<T>;
  load: (signal: AbortSignal) => Promise<T>;
  /** The list with no lines, keeping its identity: what a failed command leaves (docs/behaviour.md). */
  emptied: (list: T) => T;
  /** Runs when a load fails rather than being cancelled, after the stored copy is removed. */
  onLoadFailed?: () => void;
}

export interface ShoppingListState<T> {
  /** Undefined for visitors, while the first load runs, and after a failed load. */
  list: T | undefined;
  /** The first load, with nothing to show yet. */
  isLoading: boolean;
  /** docs/behaviour.md's loading flag: a load or a command is in flight. */
  isBusy: boolean;
  /**
   * A command is in flight: the list's controls wait for its answer. A load alone does not hold
   * them, so a tap while the list refreshes in the background is not lost; the command cancels
   * that load, and its own answer (the server's list after the change) replaces the list.
   */
  isCommandPending: boolean;
  isError: boolean;
  shopper: Shopper | null;
}

const listKey = (kind: ListKind, shopper: Shopper) => [kind, shopper] as const;

export function shoppingListQueryOptions<T>(list: ShoppingList<T>, shopper: Shopper) {
  return queryOptions({
    queryKey: listKey(list.kind, shopper),
    queryFn: async ({ signal }) => {
      try {
        const loaded = await list.load(signal);
        writeMirror(list.kind, shopper, loaded);
        return loaded;
      } catch (error) {
        // With no signal the stored copy stands: the server was not asked, so it said nothing.
        const kept = readMirror(list.kind, shopper, list.schema);
        if (kept && error instanceof ApiError && error.status === 0) return kept;
        // docs/behaviour.md: a failed load empties the list, here and in storage.
        if (!signal.aborted) {
          removeMirror(list.kind);
          list.onLoadFailed?.();
        }
        throw error;
      }
    },
    // The stored copy shows at once and is refreshed straight away (docs/behaviour.md Startup).
    initialData: () => readMirror(list.kind, shopper, list.schema),
    initialDataUpdatedAt: 0,
  });
}

/** Replaces the cached list with the server's answer. */
export function storeShoppingList<T>(
  queryClient: QueryClient,
  list: ShoppingList<T>,
  shopper: Shopper,
  value: T,
): void {
  queryClient.setQueryData(listKey(list.kind, shopper), value);
  writeMirror(list.kind, shopper, value);
}

/**
 * Empties the cached list after a failed command (docs/behaviour.md). The emptied copy is not the server's
 * truth, though (a refused product leaves the other lines in place), so the list is loaded again
 * at once rather than leaving a customer to re-add lines that are still there.
 */
export function dropShoppingList<T>(
  queryClient: QueryClient,
  list: ShoppingList<T>,
  shopper: Shopper,
): Promise<void> {
  queryClient.setQueryData(
    listKey(list.kind, shopper),
    (cached: T | undefined) => cached && list.emptied(cached),
  );
  removeMirror(list.kind);
  return queryClient.invalidateQueries({ queryKey: listKey(list.kind, shopper) });
}

export function useShoppingList<T>(list: ShoppingList<T>): ShoppingListState<T> {
  const shopper = useShopper();
  const query = useQuery({ ...shoppingListQueryOptions(list, shopper ?? ""), enabled: shopper !== null });
  const mutating = useIsMutating({ mutationKey: [list.kind] }) > 0;
  const active = shopper !== null;
  return {
    list: active && !query.isError ? query.data : undefined,
    isLoading: active && query.isPending,
    isBusy: active && (query.isFetching || mutating),
    isCommandPending: active && mutating,
    isError: active && query.isError,
    shopper,
  };
}

/** Keeps the list loaded while a customer is logged in (docs/behaviour.md Startup) and forgets it on logout. */
export function useShoppingListSession<T>(list: ShoppingList<T>): void {
  const { shopper } = useShoppingList(list);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (shopper !== null) return;
    removeMirror(list.kind);
    queryClient.removeQueries({ queryKey: [list.kind] });
  }, [list.kind, shopper, queryClient]);
}

export interface ShoppingListCommand<T, V, R extends T | undefined> {
  /** Names the mutation under the list's key, so the list shows as busy while it runs. */
  name: string;
  send: (variables: V) => Promise<R>;
  /** After the answer has replaced the cached list. */
  onStored?: (answer: R) => void;
  onError: (queryClient: QueryClient, shopper: Shopper | null, error: Error) => unknown;
}

/** A command whose answer, when it has one, is the whole list again. */
export function useShoppingListCommand<T, V, R extends T | undefined>(
  list: ShoppingList<T>,
  command: ShoppingListCommand<T, V, R>,
) {
  const queryClient = useQueryClient();
  const shopper = useShopper();
  return useMutation({
    mutationKey: [list.kind, command.name],
    mutationFn: command.send,
    // A load still on its way holds the list as it was before this command: it must not
    // replace the command's answer when it arrives after it.
    onMutate: async () => {
      if (shopper) await queryClient.cancelQueries({ queryKey: listKey(list.kind, shopper) });
    },
    onSuccess: (answer) => {
      if (answer !== undefined && shopper) storeShoppingList(queryClient, list, shopper, answer);
      command.onStored?.(answer);
    },
    onError: (error) => command.onError(queryClient, shopper, error),
  });
}
