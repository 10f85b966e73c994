// The answers of the product search that are the same for many people (the page's product codes
// in order, the total, the facet counts; a page of products as one price list and warehouse
// see it), kept in each process's memory, bounded, least recently used out first. Any change
// to what they are made of NOTIFYs `catalogue_search` (migration 0015's triggers, whatever path
// wrote it); every process LISTENs and drops the entries the change can touch. While the feed
// is not heard nothing is served from memory.
import type { Database } from "../../db/database";
import { listenChannel, type ListenLog } from "../../db/listen";

export const SEARCH_CHANGES_CHANNEL = "catalogue_search";

/**
 * What a NOTIFY on the channel says changed: `stock` (products ran out or came back: in-stock
 * filters), `stock-levels` (any stock figure), `prices` (price lists), `deals`, `images`
 * (product images), anything else the catalogue (everything).
 */
export type CatalogueChange = "stock" | "stock-levels" | "prices" | "deals" | "images" | "catalogue";

/** Every kind of change: what a kept page of the shop depends on (names, prices, deals, stock, pictures). */
export const EVERY_CATALOGUE_CHANGE: ReadonlySet<CatalogueChange> = new Set([
  "stock",
  "stock-levels",
  "prices",
  "deals",
  "images",
  "catalogue",
]);

const NARROW_CHANGES: ReadonlySet<string> = new Set(["stock", "stock-levels", "prices", "deals", "images"]);

export function changeOf(payload: string | undefined): CatalogueChange {
  return payload !== undefined && NARROW_CHANGES.has(payload) ? (payload as CatalogueChange) : "catalogue";
}

/** A safety net only: changes are heard at once; an entry older than this is not served. */
export const ENTRY_TTL_MS = 60_000;
export const MAX_ENTRIES = 2_000;
/** Roughly: the JSON length of the kept values (UTF-16, two bytes a character). */
export const MAX_BYTES = 32 * 1024 * 1024;

interface Entry<V> {
  value: V;
  bytes: number;
  /** Not served from this time on (ms since the epoch). */
  expiresAt: number;
  dependsOn: ReadonlySet<CatalogueChange>;
}

/** A map bounded by entry count and by size, least recently used out first, entries aging out. */
export class BoundedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  #bytes = 0;

  constructor(
    private readonly limits: { maxEntries: number; maxBytes: number; ttlMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (this.now() >= entry.expiresAt) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    // Map keeps insertion order: put back, it is now the most recently used.
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** `until`: a time the value stops being right by itself (a deal starting), if sooner than the TTL. */
  set(
    key: string,
    value: V,
    bytes: number,
    dependsOn: ReadonlySet<CatalogueChange>,
    until: number | null = null,
  ): void {
    this.delete(key);
    if (bytes > this.limits.maxBytes) return;
    const expiresAt = Math.min(this.now() + this.limits.ttlMs, until ?? Number.POSITIVE_INFINITY);
    this.#entries.set(key, { value, bytes, expiresAt, dependsOn });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Drops the entries a change can touch: all of them for a change to the catalogue. */
  drop(change: CatalogueChange): void {
    if (change === "catalogue") {
      this.#entries.clear();
      this.#bytes = 0;
      return;
    }
    for (const [key, entry] of this.#entries) if (entry.dependsOn.has(change)) this.delete(key);
  }
}

export interface SearchCache {
  /**
   * The kept answer for the key, else `compute()`'s, kept when no change was heard meanwhile.
   * Identical requests arriving together share one computation. A key names one kind of
   * answer (the caller's first element), so each key always holds values of one type.
   */
  answer<V>(
    key: string,
    dependsOn: ReadonlySet<CatalogueChange>,
    compute: () => Promise<V>,
    keepUntil?: (value: V) => number | null,
  ): Promise<V>;
  /** This process's writes, at once (other processes hear of them through the database). */
  invalidate(change: CatalogueChange): void;
  /** Starts hearing changes; until then (and whenever the feed is lost) nothing is kept. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createSearchCache(
  database: Database,
  log: ListenLog,
  limits = { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, ttlMs: ENTRY_TTL_MS },
): SearchCache {
  const cache = new BoundedCache<unknown>(limits);
  const inFlight = new Map<string, Promise<unknown>>();
  /** Bumped by every change heard, so an answer computed across a change is not kept. */
  let generation = 0;
  let heard = false;
  let feed: { stop(): Promise<void> } | undefined;

  function invalidate(change: CatalogueChange) {
    generation++;
    cache.drop(change);
    // Requests arriving from now on must not join a computation that began before the change.
    inFlight.clear();
  }

  function lost() {
    heard = false;
    invalidate("catalogue");
  }

  return {
    async answer<V>(
      key: string,
      dependsOn: ReadonlySet<CatalogueChange>,
      compute: () => Promise<V>,
      keepUntil?: (value: V) => number | null,
    ) {
      if (!heard) return compute();
      const kept = cache.get(key) as V | undefined;
      if (kept !== undefined) return kept;
      const running = inFlight.get(key) as Promise<V> | undefined;
      if (running) return running;
      const startedAt = generation;
      const computing = compute().then((value) => {
        if (heard && generation === startedAt) {
          const bytes = 2 * JSON.stringify(value).length + 2 * key.length;
          cache.set(key, value, bytes, dependsOn, keepUntil?.(value) ?? null);
        }
        return value;
      });
      inFlight.set(key, computing);
      try {
        return await computing;
      } finally {
        if (inFlight.get(key) === computing) inFlight.delete(key);
      }
    },
    invalidate,
    async start() {
      if (feed) return;
      if (database.kind === "pglite") {
        // One process: PGlite delivers its notifications to listeners in the same process.
        const unlisten = await database.pglite!.listen(SEARCH_CHANGES_CHANNEL, (payload) =>
          invalidate(changeOf(payload)),
        );
        heard = true;
        feed = {
          stop: async () => {
            lost();
            await unlisten();
          },
        };
      } else {
        feed = await listenChannel(database, SEARCH_CHANGES_CHANNEL, {
          label: "search cache feed",
          log,
          onNotification: (payload) => invalidate(changeOf(payload)),
          // Changes made while nobody listened were not heard.
          onConnected: () => {
            invalidate("catalogue");
            heard = true;
          },
          onLost: lost,
        });
      }
    },
    async stop() {
      const current = feed;
      feed = undefined;
      await current?.stop();
    },
  };
}
