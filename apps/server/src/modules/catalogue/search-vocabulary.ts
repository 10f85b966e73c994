// What the search knows about the catalogue's words, kept in each process's memory: the
// synonym groups, the brands and the category tree with product counts. Synonyms and brands
// are dropped the moment any process changes them (migration 0014's triggers NOTIFY on
// `catalogue_vocabulary`; every process LISTENs, as the real-time hub does on its channel), the
// category tree after a few minutes. While the feed is not heard the cache lives seconds only.
import { sql } from "kysely";
import type { CategoryLink } from "@trade-shop/contracts/catalogue";
import type { Database, Db } from "../../db/database";
import { listenChannel } from "../../db/listen";
import { searchTerms } from "./search-text";

export const VOCABULARY_CHANNEL = "catalogue_vocabulary";

/** The category tree changes with products, which no trigger announces: re-read this often. */
const TREE_TTL_MS = 5 * 60_000;
/** How long a snapshot is trusted while the change feed is not connected. */
const UNHEARD_TTL_MS = 2_000;

export interface SynonymIndex {
  /** Each group's terms, in the order staff gave them. */
  groups: string[][];
  /** Term -> index into groups. */
  groupOf: Map<string, number>;
  /** Terms of more than one word, by their first word, longest first. */
  phrases: Map<string, { words: string[]; group: number }[]>;
}

export interface VocabularyBrand {
  id: number;
  name: string;
  imageUrl: string | null;
  products: number;
  /** The name's words as the search splits them ("cape", "cocoa", "co"). */
  words: string[];
}

export interface VocabularyCategory extends CategoryLink {
  /** The deepest level's words. */
  words: string[];
  depth: number;
}

export interface Vocabulary {
  synonyms: SynonymIndex;
  brands: VocabularyBrand[];
  categories: VocabularyCategory[];
}

export function synonymIndex(groups: string[][]): SynonymIndex {
  const groupOf = new Map<string, number>();
  const phrases = new Map<string, { words: string[]; group: number }[]>();
  groups.forEach((terms, group) => {
    for (const term of terms) {
      groupOf.set(term, group);
      const words = searchTerms(term);
      if (words.length > 1) {
        const list = phrases.get(words[0]!) ?? [];
        list.push({ words, group });
        list.sort((a, b) => b.words.length - a.words.length);
        phrases.set(words[0]!, list);
      }
    }
  });
  return { groups, groupOf, phrases };
}

/** The synonym groups in order (group ids ascending, terms as stored). */
export async function loadSynonymGroups(db: Db): Promise<string[][]> {
  const { rows } = await sql<{ terms: string[] }>`
    SELECT array_agg(term ORDER BY position, term) AS terms FROM search_synonyms GROUP BY group_id ORDER BY group_id
  `.execute(db);
  return rows.map((row) => row.terms);
}

async function loadBrands(db: Db): Promise<VocabularyBrand[]> {
  const { rows } = await sql<{ id: number; name: string; imageUrl: string | null; products: number }>`
    SELECT b.id, b.name, b.image_url, count(*)::int AS products
      FROM brands b JOIN products p ON p.brand_id = b.id AND p.active
     GROUP BY b.id ORDER BY b.name
  `.execute(db);
  return rows.map((row) => ({ ...row, words: searchTerms(row.name) }));
}

/** Every node of the category tree with its product count (products_facets_idx, index-only). */
async function loadCategories(db: Db): Promise<VocabularyCategory[]> {
  const { rows } = await sql<{
    category: string;
    subCategory: string | null;
    subCategory2: string | null;
    subCategory3: string | null;
    n: number;
  }>`
    SELECT category, sub_category, sub_category2, sub_category3, count(*)::int AS n
      FROM products WHERE active GROUP BY 1, 2, 3, 4
  `.execute(db);
  const nodes = new Map<string, VocabularyCategory>();
  for (const row of rows) {
    const levels = [row.category, row.subCategory, row.subCategory2, row.subCategory3];
    for (let depth = 1; depth <= 4 && levels[depth - 1] != null; depth++) {
      const path = levels.slice(0, depth) as string[];
      const key = path.join("\u0000");
      const node = nodes.get(key) ?? {
        name: path[depth - 1]!,
        category: path[0]!,
        subCategory: path[1] ?? null,
        subCategory3: path[2] ?? null,
        subCategory4: path[3] ?? null,
        products: 0,
        words: searchTerms(path[depth - 1]),
        depth,
      };
      node.products += row.n;
      nodes.set(key, node);
    }
  }
  return [...nodes.values()];
}

export async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const [groups, brands, categories] = await Promise.all([
    loadSynonymGroups(db),
    loadBrands(db),
    loadCategories(db),
  ]);
  return { synonyms: synonymIndex(groups), brands, categories };
}

export interface FeedLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SearchVocabulary {
  /** The vocabulary as this process knows it, read again when it was dropped or is old. */
  current(): Promise<Vocabulary>;
  /** Drops this process's copy (other processes hear of changes through the database). */
  invalidate(): void;
  /** Starts hearing changes; resolves once listening (or once the first attempt failed). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface Feed {
  stop(): Promise<void>;
}

export function createSearchVocabulary(database: Database, log: FeedLog): SearchVocabulary {
  let snapshot: { vocabulary: Vocabulary; loadedAt: number } | undefined;
  let loading: Promise<Vocabulary> | undefined;
  /** Bumped by every change heard, so a read that began before it is not kept. */
  let generation = 0;
  let heard = false;
  let feed: Feed | undefined;

  function invalidate() {
    generation++;
    snapshot = undefined;
    loading = undefined;
  }

  function fresh(loadedAt: number) {
    const age = Date.now() - loadedAt;
    return age < (heard ? TREE_TTL_MS : UNHEARD_TTL_MS);
  }

  return {
    async current() {
      if (snapshot && fresh(snapshot.loadedAt)) return snapshot.vocabulary;
      if (loading) return loading;
      const startedAt = generation;
      const read = loadVocabulary(database.db).then((vocabulary) => {
        if (generation === startedAt) snapshot = { vocabulary, loadedAt: Date.now() };
        return vocabulary;
      });
      loading = read;
      try {
        return await read;
      } finally {
        if (loading === read) loading = undefined;
      }
    },
    invalidate,
    async start() {
      if (feed) return;
      if (database.kind === "pglite") {
        const unlisten = await database.pglite!.listen(VOCABULARY_CHANNEL, invalidate);
        heard = true;
        feed = {
          stop: async () => {
            heard = false;
            await unlisten();
          },
        };
      } else {
        feed = await listenChannel(database, VOCABULARY_CHANNEL, {
          label: "search vocabulary feed",
          log,
          onNotification: invalidate,
          // Changes made while nobody listened were not heard.
          onConnected: () => {
            invalidate();
            heard = true;
          },
          onLost: () => {
            heard = false;
          },
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
