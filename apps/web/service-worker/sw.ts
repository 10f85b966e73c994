// The shop's service worker (decision 125): the app shell precached so the shop opens
// from the home screen with no signal; pages always asked of the network first, a copy of each
// kept, and answered with that copy (or the shell) when it cannot be reached; product pictures kept stale-while-revalidate; and the
// API's reads (catalogue, products, order history, order lists, the account's figures; the
// list is lib/offline/offline-rules.ts) network first, a copy kept per shopper so what was seen
// before is there offline, marked with OFFLINE_COPY_HEADER so the page can say "prices as of".
// Commands are never cached or queued here: the cart's offline queue lives in the page
// (entities/cart/offline-cart.ts), and an order is never placed offline.
/// <reference lib="WebWorker" />
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, StaleWhileRevalidate } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import {
  API_CACHE,
  OFFLINE_COPY_HEADER,
  PAGES_CACHE,
  SHOPPER_HEADER_NAMES,
  cachedApiRead,
  markedAsOfflineCopy,
  type PrecacheEntry,
} from "../src/lib/offline/offline-rules";

declare const self: ServiceWorkerGlobalScope;
/** The build's file list (vite.sw.config.ts): the shell and the pages a buyer may open offline. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

const NAVIGATION_TIMEOUT_MS = 4000;
const API_ENTRIES = 300;
const PAGE_ENTRIES = 60;
const DAY_SECONDS = 24 * 60 * 60;

precache(__PRECACHE_MANIFEST__);
cleanupOutdatedCaches();
// Precached files answer only their own URLs: "/" and the app's routes are pages (below).
addRoute({ directoryIndex: "", cleanURLs: false });

// A new version waits until the buyer agrees to reload (the page's update prompt).
self.addEventListener("message", (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** The network's answer within `ms`, else a rejection (a slow signal counts as none). */
async function fetchWithin(request: Request, ms: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await fetch(request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

/** Keeps the newest `max` copies (the Cache API lists keys oldest first). */
async function trim(cache: Cache, max: number): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

/**
 * Pages: the server's answer while it can be reached (its statuses, its render), a copy of each
 * page kept as it comes (a visitor's page holds its products; a login's is only the layout: no
 * page the server renders holds anyone's own data, decision 140); with no signal the copy of that
 * address, marked as a copy, else the precached shell, which knows every route.
 */
registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      const pages = await caches.open(PAGES_CACHE);
      try {
        const response = await fetchWithin(request, NAVIGATION_TIMEOUT_MS);
        if (response.status === 200 && /text\/html/.test(response.headers.get("Content-Type") ?? "")) {
          const kept = response.clone();
          const keep = async () => {
            await pages.delete(request.url);
            await pages.put(request.url, kept);
            await trim(pages, PAGE_ENTRIES);
          };
          event.waitUntil(keep().catch(() => undefined));
        }
        return response;
      } catch {
        const copy = await pages.match(request.url);
        if (copy) {
          const servedAt = Date.parse(copy.headers.get("Date") ?? "") || Date.now();
          const headers = new Headers(copy.headers);
          headers.set(OFFLINE_COPY_HEADER, "1");
          return new Response(markedAsOfflineCopy(await copy.text(), servedAt), { status: 200, headers });
        }
        return (await matchPrecache("/index.html")) ?? Response.error();
      }
    },
    {
      denylist: [
        /^\/api\//,
        /^\/dev\//,
        /^\/images\/.*\.(?:webp|jpe?g|png)$/,
        /^\/(?:robots\.txt|sitemap\.xml|metrics)$/,
      ],
    },
  ),
);

// Hashed files not precached (charts, the barcode reader, staff pages): the same URL is always
// the same bytes, so a copy once fetched serves for good.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: "assets",
    plugins: [
      // A file gone after a deploy is answered with the app's page: never keep that as the file.
      {
        cacheWillUpdate: async ({ response }) =>
          /text\/html/.test(response.headers.get("Content-Type") ?? "") ? null : response,
      },
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true }),
    ],
  }),
);

// Product pictures: shown from the copy at once and refreshed behind it, at most 400 kept.
// Offline, a size of a picture never fetched is answered with another size of it that was.
const IMAGE_CACHE = "images";
registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin && request.destination === "image" && url.pathname.startsWith("/images/"),
  new StaleWhileRevalidate({
    cacheName: IMAGE_CACHE,
    plugins: [
      {
        handlerDidError: async ({ request }) =>
          (await (await caches.open(IMAGE_CACHE)).match(request, { ignoreSearch: true })) ?? undefined,
      },
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

/** Hex SHA-256 of `text`, shortened: the part of a copy's key that names the shopper and the question. */
async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Where the copy of an API read is kept: a GET key (the Cache API keeps only GETs) made of the
 * path, the query, and a digest of the body and of who asked (token, tenant, and the account a
 * sales rep orders for), so one shopper's prices and orders never answer another's on a
 * shared phone.
 */
async function copyKey(request: Request): Promise<Request> {
  const url = new URL(request.url);
  const body = request.method === "GET" ? "" : await request.clone().text();
  const who = SHOPPER_HEADER_NAMES.map((name) => request.headers.get(name) ?? "").join("\n");
  const key = await digest(`${request.method}\n${url.search}\n${body}\n${who}`);
  return new Request(`${url.origin}/__offline-copy${url.pathname}?k=${key}`);
}

async function networkFirstWithCopy(event: FetchEvent): Promise<Response> {
  const request = event.request;
  const key = await copyKey(request);
  const cache = await caches.open(API_CACHE);
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    const copy = await cache.match(key);
    if (!copy) return Response.error();
    const headers = new Headers(copy.headers);
    headers.set(OFFLINE_COPY_HEADER, "1");
    return new Response(copy.body, { status: copy.status, statusText: copy.statusText, headers });
  }
  if (response.status === 200) {
    // A copy that cannot be kept (storage full) never costs the buyer the fresh answer.
    const kept = response.clone();
    const keep = async () => {
      await cache.delete(key);
      await cache.put(key, kept);
      await trim(cache, API_ENTRIES);
    };
    event.waitUntil(keep().catch(() => undefined));
  }
  return response;
}

self.addEventListener("fetch", (event: FetchEvent) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !cachedApiRead(event.request.method, url.pathname)) return;
  event.respondWith(networkFirstWithCopy(event));
});

/** What the server's web push carries (issue 36); a payload that is not this JSON is shown as its text. */
interface PushAlert {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

const PUSH_ICON = "/icons/icon-192.png";
const PUSH_TITLE = "Trade Shop";

/** The push's message, whatever it carries: JSON as sent by the shop, else its text as the body. */
function readPush(data: PushMessageData | null): Required<Omit<PushAlert, "tag">> & Pick<PushAlert, "tag"> {
  const text = data?.text() ?? "";
  let alert: PushAlert = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") alert = parsed as PushAlert;
    else alert = { body: text };
  } catch {
    alert = { body: text };
  }
  const url = typeof alert.url === "string" && alert.url.startsWith("/") ? alert.url : "/alerts";
  return {
    title: typeof alert.title === "string" && alert.title ? alert.title : PUSH_TITLE,
    body: typeof alert.body === "string" ? alert.body : "",
    url,
    tag: typeof alert.tag === "string" && alert.tag ? alert.tag : undefined,
  };
}

// An alert pushed by the server: shown as a notification (a push must show one).
self.addEventListener("push", (event: PushEvent) => {
  const { title, body, url, tag } = readPush(event.data);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: PUSH_ICON,
      data: { url },
      ...(tag ? { tag } : {}),
    }),
  );
});

// A tap on it opens what it is about: in a window of the shop already open, else a new one.
self.addEventListener("notificationclick", (event: NotificationEvent) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? "/alerts";
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await (focused ?? open).navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
