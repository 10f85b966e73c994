// The user's alerts (issue 36): the newest 50 with the unread count, for the header's bell and
// /alerts, and how the user wants to be told of each kind. The list is kept under the orders'
// key, so whatever makes the orders stale reloads it too: a status change heard on the real-time
// stream, the stream opening again, an order placed, cancelled, approved or rejected. The
// server makes an alert a moment after the change (its outbox), so such a reload is followed by
// two more a few seconds later. Most alerts are about orders; the others (stock back, a
// statement) come with the poll, every minute while the page is in view.
import { useEffect } from "react";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  alertRoutes,
  type AlertList,
  type AlertPreference,
  type AlertPreferences,
} from "@trade-shop/contracts/alerts";
import { apiRequest } from "@/lib/api-client";
import { ORDERS_KEY } from "@/entities/orders";
import { useShopper, type Shopper } from "@/entities/shopper";

/** How often the list is asked for again while the page is in view (never in a hidden tab). */
export const ALERTS_POLL_MS = 60_000;
/** After the list is made stale by a change, when it is asked for again: the alert may come later than the change. */
export const ALERTS_FOLLOW_UP_MS = [2_000, 6_000] as const;

export const alertsKey = (shopper: Shopper) => [...ORDERS_KEY, shopper, "alerts"] as const;
/** Not under the orders' key: an order's change does not change the choices. */
const preferencesKey = (shopper: Shopper) => ["alerts", shopper, "preferences"] as const;
const PREFERENCES_MUTATION = ["alerts", "preferences"] as const;

export function getAlertsQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...alertsKey(shopper), "list"],
    // Asked in the background on every page of a customer's login: the bell stays as it was
    // when it fails, and /alerts says so on the page itself, so no toast every minute.
    queryFn: ({ signal }) => apiRequest(alertRoutes.list, { signal, quiet: true }),
    refetchInterval: ALERTS_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 10_000,
  });
}

export function getAlertPreferencesQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: preferencesKey(shopper),
    queryFn: ({ signal }) => apiRequest(alertRoutes.getPreferences, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAlerts() {
  const shopper = useShopper();
  const query = useQuery({ ...getAlertsQueryOptions(shopper ?? ""), enabled: shopper !== null });
  return { ...query, shopper };
}

/**
 * Asks for the list again a few seconds after something made it stale (an order's change heard
 * on the stream), since the server makes the alert for it a moment after the change itself.
 * Used once, by the header's bell, which is there whenever a customer is logged in.
 */
export function useAlertsFollowUps(): void {
  const shopper = useShopper();
  const client = useQueryClient();
  useEffect(() => {
    if (shopper === null) return;
    const hash = JSON.stringify(getAlertsQueryOptions(shopper).queryKey);
    let timers: ReturnType<typeof setTimeout>[] = [];
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "invalidate" || event.query.queryHash !== hash)
        return;
      timers.forEach(clearTimeout);
      timers = ALERTS_FOLLOW_UP_MS.map((ms) =>
        setTimeout(() => void client.refetchQueries({ queryKey: event.query.queryKey, type: "active" }), ms),
      );
    });
    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, [client, shopper]);
}

/** For the bell: how many alerts are unread (0 until known). */
export function useUnreadAlerts(): number {
  const shopper = useShopper();
  const { data } = useQuery({
    ...getAlertsQueryOptions(shopper ?? ""),
    enabled: shopper !== null,
    select: (list: AlertList) => list.unread,
  });
  return data ?? 0;
}

/** Marks the given alerts read, or all of them (no ids): shown at once, the server's count kept. */
export function useMarkAlertsRead() {
  const client = useQueryClient();
  const shopper = useShopper() ?? "";
  const key = getAlertsQueryOptions(shopper).queryKey;
  return useMutation({
    mutationFn: (ids?: number[]) => apiRequest(alertRoutes.markRead, { body: ids ? { ids } : {} }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: key });
      const now = new Date().toISOString();
      client.setQueryData(key, (list) => {
        if (!list) return list;
        const items = list.items.map((alert) =>
          alert.readAt === null && (!ids || ids.includes(alert.id)) ? { ...alert, readAt: now } : alert,
        );
        const newlyRead = items.filter((alert, i) => alert.readAt !== list.items[i]?.readAt).length;
        return { items, unread: ids ? Math.max(0, list.unread - newlyRead) : 0 };
      });
    },
    onSuccess: ({ unread }) => client.setQueryData(key, (list) => (list ? { ...list, unread } : list)),
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useAlertPreferences() {
  const shopper = useShopper();
  return useQuery({ ...getAlertPreferencesQueryOptions(shopper ?? ""), enabled: shopper !== null });
}

/**
 * Saves the whole grid of choices. Shown at once; saves run one after another (one scope), so
 * an older answer never lands after a newer choice, and only the last one's answer is kept.
 */
export function useSetAlertPreferences() {
  const client = useQueryClient();
  const shopper = useShopper() ?? "";
  const key = preferencesKey(shopper);
  return useMutation({
    mutationKey: PREFERENCES_MUTATION,
    scope: { id: "alert-preferences" },
    mutationFn: (preferences: AlertPreference[]) =>
      apiRequest(alertRoutes.setPreferences, { body: { preferences } }),
    onMutate: (preferences) => {
      client.setQueryData(key, (current: AlertPreferences | undefined) =>
        current ? { ...current, preferences } : current,
      );
    },
    onSuccess: (answer) => {
      if (client.isMutating({ mutationKey: PREFERENCES_MUTATION }) <= 1) client.setQueryData(key, answer);
    },
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Stores the server's answer to a push subscription change (the device count). */
export function useStorePreferences() {
  const client = useQueryClient();
  const shopper = useShopper() ?? "";
  return (answer: AlertPreferences) => client.setQueryData(preferencesKey(shopper), answer);
}
