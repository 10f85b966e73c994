// Searches that found nothing never dead-end: each is counted (one row per text,
// tenant and South African day: an upsert, never a row per request), the searcher can say what
// they were looking for, staff see the most frequent of the last 30 days, and the empty answer
// offers the nearest category and what the tenant's customers order most.
import { sql } from "kysely";
import type { CategoryLink } from "@trade-shop/contracts/catalogue";
import type { SearchRequestCommand, ZeroResultSearches } from "@trade-shop/contracts/catalogue-search";
import type { Db } from "../../db/database";
import { searchTerms } from "./search-text";
import type { Vocabulary } from "./search-vocabulary";

export const MISSES_WINDOW_DAYS = 30;
const MAX_TEXT = 100;
const NOTES_PER_SEARCH = 5;
/** A category at least this alike (trigram similarity, as pg_trgm counts it) is offered. */
const NEAR_ENOUGH = 0.35;
const POPULAR_COUNT = 6;
const POPULAR_DAYS = 90;
const POPULAR_TTL_MS = 10 * 60_000;

/** The text as the shop counts it: lower-case words of letters and digits, single spaces. */
export function normalisedSearchText(text: string): string {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .join(" ")
    .slice(0, MAX_TEXT)
    .trim();
}

/** South African calendar day (decision 115). */
const saToday = sql`(now() AT TIME ZONE 'Africa/Johannesburg')::date`;

export async function recordMiss(db: Db, tenantId: string | null, text: string): Promise<void> {
  const searchText = normalisedSearchText(text);
  if (!searchText) return;
  // The unique (day, tenant_id, search_text) makes a repeat one update of the same row.
  await sql`
    INSERT INTO search_misses (day, tenant_id, search_text) VALUES (${saToday}, ${tenantId}, ${searchText})
    ON CONFLICT (day, tenant_id, search_text)
    DO UPDATE SET searches = search_misses.searches + 1, last_seen = now()
  `.execute(db);
}

/** Days of misses and notes kept: the staff list shows 30; a quarter leaves room to compare. */
export const SEARCH_MISSES_KEPT_DAYS = 90;

/** The worker's hourly housekeeping: misses and notes older than the kept days go. */
export async function pruneSearchMisses(db: Db): Promise<void> {
  await sql`DELETE FROM search_misses WHERE day < ${saToday} - ${SEARCH_MISSES_KEPT_DAYS}::int`.execute(db);
  await sql`
    DELETE FROM search_requests WHERE created_at < now() - make_interval(days => ${SEARCH_MISSES_KEPT_DAYS}::int)
  `.execute(db);
}

export async function recordSearchRequest(
  db: Db,
  from: { tenantId: string | null; userId: number | null },
  command: SearchRequestCommand,
): Promise<void> {
  const searchText =
    normalisedSearchText(command.searchText) || command.searchText.toLowerCase().slice(0, MAX_TEXT);
  await sql`
    INSERT INTO search_requests (tenant_id, user_id, search_text, note)
    VALUES (${from.tenantId}, ${from.userId}, ${searchText}, ${command.note || null})
  `.execute(db);
}

/** The tenant's (and visitors') most frequent searches that found nothing, with what people said. */
export async function zeroResultSearches(
  db: Db,
  tenantId: string,
  limit: number,
): Promise<ZeroResultSearches> {
  const { rows } = await sql<{
    searchText: string;
    searches: number;
    days: number;
    lastSeen: Date;
    notes: string[] | null;
    requests: number;
  }>`
    WITH misses AS (
      -- search_misses_day_idx
      SELECT m.search_text, sum(m.searches)::int AS searches, count(DISTINCT m.day)::int AS days, max(m.last_seen) AS last_seen
        FROM search_misses m
       WHERE m.day > ${saToday} - ${MISSES_WINDOW_DAYS}::int AND (m.tenant_id = ${tenantId} OR m.tenant_id IS NULL)
       GROUP BY m.search_text
       ORDER BY searches DESC, last_seen DESC, m.search_text
       LIMIT ${limit}
    )
    SELECT m.search_text, m.searches, m.days, m.last_seen, r.notes, coalesce(r.requests, 0)::int AS requests
      FROM misses m
      LEFT JOIN LATERAL (
        -- search_requests_recent_idx
        SELECT count(*) AS requests,
               (array_agg(q.note ORDER BY q.created_at DESC) FILTER (WHERE q.note IS NOT NULL))[1:${NOTES_PER_SEARCH}] AS notes
          FROM search_requests q
         WHERE q.created_at > now() - make_interval(days => ${MISSES_WINDOW_DAYS})
           AND q.search_text = m.search_text AND (q.tenant_id = ${tenantId} OR q.tenant_id IS NULL)
      ) r ON true
     ORDER BY m.searches DESC, m.last_seen DESC, m.search_text
  `.execute(db);
  return {
    tenantId,
    sinceDays: MISSES_WINDOW_DAYS,
    searches: rows.map((row) => ({
      searchText: row.searchText,
      searches: row.searches,
      days: row.days,
      lastSeen: new Date(row.lastSeen).toISOString(),
      notes: row.notes ?? [],
      requests: row.requests,
    })),
  };
}

function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of searchTerms(text)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of the two. */
export function trigramSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  return shared / (x.size + y.size - shared);
}

/**
 * The category whose name is most like any word of the search or any synonym of one ("crisps"
 * is near Chips through its group); the broader category wins a tie.
 */
export function nearestCategory(words: readonly string[], vocabulary: Vocabulary): CategoryLink | null {
  const candidates = new Set<string>(words);
  for (const word of words) {
    const group = vocabulary.synonyms.groupOf.get(word);
    if (group !== undefined) for (const term of vocabulary.synonyms.groups[group]!) candidates.add(term);
  }
  if (words.length > 1) candidates.add(words.join(" "));
  let best: { score: number; node: Vocabulary["categories"][number] } | undefined;
  for (const node of vocabulary.categories) {
    for (const candidate of candidates) {
      const score = trigramSimilarity(candidate, node.name);
      if (
        score >= NEAR_ENOUGH &&
        (!best ||
          score > best.score ||
          (score === best.score && (node.depth < best.node.depth || node.products > best.node.products)))
      ) {
        best = { score, node };
      }
    }
  }
  if (!best) return null;
  const { name, category, subCategory, subCategory3, subCategory4, products } = best.node;
  return { name, category, subCategory, subCategory3, subCategory4, products };
}

export interface PopularProducts {
  /** SKU codes of what the tenant's customers (every tenant's, for null) ordered most lately. */
  skuCodes(tenantId: string | null): Promise<string[]>;
}

/** Kept per process for minutes: it is a suggestion, not a figure anyone relies on. */
export function createPopularProducts(db: Db): PopularProducts {
  const cache = new Map<string, { skus: string[]; at: number }>();
  return {
    async skuCodes(tenantId) {
      const key = tenantId ?? "";
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < POPULAR_TTL_MS) return hit.skus;
      const { rows } = await sql<{ skuCode: string }>`
        SELECT l.sku_code FROM orders o
          JOIN order_lines l ON l.order_id = o.id
          JOIN products p ON p.sku_code = l.sku_code AND p.active
         WHERE o.created_date > now() - make_interval(days => ${POPULAR_DAYS})
           ${tenantId === null ? sql`` : sql`AND o.tenant_id = ${tenantId}`}
         GROUP BY l.sku_code ORDER BY sum(l.quantity) DESC, l.sku_code LIMIT ${POPULAR_COUNT}
      `.execute(db);
      let skus = rows.map((row) => row.skuCode);
      if (skus.length === 0) {
        // A new shop without orders: what it features.
        const featured = await sql<{ skuCode: string }>`
          SELECT sku_code FROM products WHERE active AND is_featured ORDER BY description, sku_code LIMIT ${POPULAR_COUNT}
        `.execute(db);
        skus = featured.rows.map((row) => row.skuCode);
      }
      cache.set(key, { skus, at: Date.now() });
      return skus;
    },
  };
}
