// Web push on this device (issue 36): whether this browser can have it, whether it has it, and
// turning it on (the browser's permission, a subscription with the shop's VAPID key, sent to the
// server) and off (the server forgets the subscription, then the browser drops it). Push comes
// through the shop's service worker (apps/web/service-worker/sw.ts), which shows the message.
import { useCallback, useEffect, useState } from "react";
import { alertRoutes, type AlertPreferences } from "@trade-shop/contracts/alerts";
import { apiRequest } from "@/lib/api-client";

/**
 * unsupported: the browser has no web push; no-worker: the shop's service worker is not running
 * (it starts a moment after the first page of the built shop); blocked: notifications are
 * refused in the browser's settings; off and on: this device's subscription.
 */
export type PushState = "checking" | "unsupported" | "no-worker" | "blocked" | "off" | "on";

/** The web push API and a service worker container, as a browser may lack either. */
export function pushSupported(): boolean {
  return typeof window !== "undefined" && "PushManager" in window && "serviceWorker" in navigator;
}

/** A base64url VAPID key as the bytes PushManager.subscribe takes. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const text = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const permissionDenied = () => typeof Notification !== "undefined" && Notification.permission === "denied";

async function stateOf(registration: ServiceWorkerRegistration): Promise<PushState> {
  if (await registration.pushManager.getSubscription()) return "on";
  return permissionDenied() ? "blocked" : "off";
}

/** Subscribes this browser with the shop's key and tells the server; resolves with the server's answer. */
export async function subscribeThisDevice(pushPublicKey: string): Promise<AlertPreferences> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushRefused(permission === "denied");
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(pushPublicKey),
    }));
  const { endpoint, keys, expirationTime } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth)
    throw new Error("The browser gave an incomplete subscription");
  return apiRequest(alertRoutes.subscribePush, {
    body: {
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      expirationTime: expirationTime ?? null,
    },
  });
}

/** Tells the server to forget this browser's subscription, then drops it; resolves with the server's answer, if asked. */
export async function unsubscribeThisDevice(): Promise<AlertPreferences | undefined> {
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return undefined;
  const answer = await apiRequest(alertRoutes.unsubscribePush, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
  return answer;
}

/** The user said no to notifications (or closed the question without answering). */
export class PushRefused extends Error {
  constructor(readonly blocked: boolean) {
    super(blocked ? "Notifications are blocked" : "Notifications were not allowed");
  }
}

/** This device's push state, followed as the service worker starts; `recheck` after a change. */
export function usePushState(): { state: PushState; recheck: () => void } {
  const [state, setState] = useState<PushState>(() => (pushSupported() ? "checking" : "unsupported"));
  const [round, setRound] = useState(0);
  const recheck = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    const show = (next: PushState) => void (live && setState(next));
    void navigator.serviceWorker
      .getRegistration()
      .then(async (registration) => {
        if (registration?.active) return show(await stateOf(registration));
        show("no-worker");
        // The worker starts a moment after the shop's first page: the button comes when it does.
        show(await stateOf(await navigator.serviceWorker.ready));
      })
      .catch(() => show("no-worker"));
    return () => {
      live = false;
    };
  }, [round]);
  return { state, recheck };
}
