// Whether the cart has changed since the customer reviewed it at checkout. The real-time stream
// can change the summary while the page is open (another tab, another phone on the account):
// an order is never placed for lines the customer has not had a chance to see (docs/behaviour.md). The
// cart as first seen is pinned from the query cache, and every settled change of the cached
// cart is compared with it; the cache is the external store this subscribes to.
import { useEffect, useRef, useState } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { CART_KEY, getCartQueryOptions, reviewedCart } from "@/entities/cart";
import type { Shopper } from "@/entities/shopper";

export interface CartReview {
  /** The cart differs from the one the customer reviewed. */
  changed: boolean;
  /** The customer has now seen the cart as it is. */
  acknowledge: () => void;
  /** Take the cart as reviewed once it next settles (after a placement brought a new one). */
  repin: () => void;
}

/** The cart as shown, once no load or command is changing it; null while one is. */
function settledCart(queryClient: QueryClient, shopper: Shopper): string | null {
  const { queryKey } = getCartQueryOptions(shopper);
  const busy =
    queryClient.isFetching({ queryKey }) > 0 || queryClient.isMutating({ mutationKey: CART_KEY }) > 0;
  const cart = queryClient.getQueryData(queryKey);
  return cart && !busy ? reviewedCart(cart) : null;
}

export function useCartReview(shopper: Shopper): CartReview {
  const queryClient = useQueryClient();
  const reviewed = useRef<string | null>(null);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    reviewed.current = settledCart(queryClient, shopper);
    const compare = () => {
      const current = settledCart(queryClient, shopper);
      if (current === null) return;
      reviewed.current ??= current;
      setChanged(current !== reviewed.current);
    };
    const stopQueries = queryClient.getQueryCache().subscribe(compare);
    const stopMutations = queryClient.getMutationCache().subscribe(compare);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, shopper]);

  return {
    changed,
    acknowledge: () => {
      reviewed.current = settledCart(queryClient, shopper) ?? reviewed.current;
      setChanged(false);
    },
    repin: () => {
      reviewed.current = settledCart(queryClient, shopper);
      setChanged(false);
    },
  };
}
