// Search in the customer's words, beside the docs/api.md search: the synonym groups
// staff keep, suggestions while a person types, and what became of searches that found
// nothing (a note from the searcher, a list for staff).
import { z } from "zod";
import type { ApiRoute } from "./http";
import { CategoryLink } from "./catalogue";
import { SuccessEnvelope } from "./common";

export const SYNONYM_GROUP_MIN_TERMS = 2;
export const SYNONYM_GROUP_MAX_TERMS = 20;
export const SYNONYM_TERM_MAX_LENGTH = 40;
export const SYNONYM_MAX_GROUPS = 500;

/** A word or words people search for, stored lower-case with single spaces. */
export const SynonymTerm = z
  .string({ error: "Enter a word" })
  .transform((term) => term.trim().replace(/\s+/g, " ").toLowerCase())
  .pipe(
    z
      .string()
      .min(1, "Enter a word")
      .max(SYNONYM_TERM_MAX_LENGTH, `A term is at most ${SYNONYM_TERM_MAX_LENGTH} characters`),
  );

/** Words that mean the same to the search: any of them finds what the others find. */
export const SynonymGroup = z.object({
  terms: z
    .array(SynonymTerm)
    .min(SYNONYM_GROUP_MIN_TERMS, `A group needs at least ${SYNONYM_GROUP_MIN_TERMS} terms`)
    .max(SYNONYM_GROUP_MAX_TERMS, `A group has at most ${SYNONYM_GROUP_MAX_TERMS} terms`),
});
export type SynonymGroup = z.infer<typeof SynonymGroup>;

/** The whole list; a term may stand in one group only (the field error names the second place). */
export const SynonymGroups = z
  .object({
    groups: z.array(SynonymGroup).max(SYNONYM_MAX_GROUPS, `At most ${SYNONYM_MAX_GROUPS} groups`),
  })
  .superRefine(({ groups }, ctx) => {
    const seen = new Map<string, number>();
    groups.forEach((group, g) =>
      group.terms.forEach((term, i) => {
        const first = seen.get(term);
        if (first === undefined) seen.set(term, g);
        else
          ctx.addIssue({
            code: "custom",
            path: ["groups", g, "terms", i],
            message:
              first === g
                ? `"${term}" is in this group twice`
                : `"${term}" is already in group ${first + 1}; a term belongs to one group`,
          });
      }),
    );
  });
export type SynonymGroups = z.infer<typeof SynonymGroups>;

/** The list as the shop holds it (terms already lower-case and trimmed). */
export const SavedSynonymGroups = z.object({
  groups: z.array(z.object({ terms: z.array(z.string()) })),
});
export type SavedSynonymGroups = z.infer<typeof SavedSynonymGroups>;

export const SuggestQuery = z.object({
  /** The letters typed so far. */
  q: z.string().trim().max(100, "Use at most 100 characters"),
});
export type SuggestQuery = z.infer<typeof SuggestQuery>;

/** A product as a suggestion shows it: no price, no stock (the same for everyone). */
export const SuggestedProduct = z.object({
  skuCode: z.string(),
  description: z.string(),
  brand: z.string(),
  /** The cover image, or null. */
  imageUrl: z.string().nullable(),
});
export type SuggestedProduct = z.infer<typeof SuggestedProduct>;

export const SuggestedBrand = z.object({
  name: z.string(),
  imageUrl: z.string().nullable(),
  /** Active products of the brand. */
  products: z.number().int().nonnegative(),
});
export type SuggestedBrand = z.infer<typeof SuggestedBrand>;

/** A category as a suggestion links to it. */
export const SuggestedCategory = CategoryLink;
export type SuggestedCategory = CategoryLink;

export const Suggestions = z.object({
  /** What was typed, as read. */
  q: z.string(),
  products: z.array(SuggestedProduct),
  brands: z.array(SuggestedBrand),
  categories: z.array(SuggestedCategory),
});
export type Suggestions = z.infer<typeof Suggestions>;

/** "Tell us what you were looking for", from a search that found nothing. */
export const SearchRequestCommand = z.object({
  searchText: z
    .string({ error: "Say what you searched for" })
    .trim()
    .min(1, "Say what you searched for")
    .max(100, "Use at most 100 characters"),
  note: z.string().trim().max(500, "Use at most 500 characters").nullish(),
});
export type SearchRequestCommand = z.infer<typeof SearchRequestCommand>;

export const ZeroResultSearchesQuery = z.object({
  /** How many of the most searched texts; 50 by default. */
  limit: z.coerce.number<string>().int().min(1).max(200).default(50),
});
export type ZeroResultSearchesQuery = z.infer<typeof ZeroResultSearchesQuery>;

export const ZeroResultSearch = z.object({
  /** The search as the shop read it: lower-case words, single spaces. */
  searchText: z.string(),
  /** Searches of it that found nothing in the last 30 days. */
  searches: z.number().int().nonnegative(),
  /** Days it was searched on. */
  days: z.number().int().nonnegative(),
  lastSeen: z.string(),
  /** "Tell us what you were looking for" notes about it, newest first (at most 5). */
  notes: z.array(z.string()),
  requests: z.number().int().nonnegative(),
});
export type ZeroResultSearch = z.infer<typeof ZeroResultSearch>;

export const ZeroResultSearches = z.object({
  /** The tenant they were searched in; visitors' searches are counted with every tenant's. */
  tenantId: z.string(),
  sinceDays: z.number().int().positive(),
  searches: z.array(ZeroResultSearch),
});
export type ZeroResultSearches = z.infer<typeof ZeroResultSearches>;

const STAFF = ["Staff", "Admin"] as const;

export const catalogueSearchRoutes = {
  synonyms: {
    method: "GET",
    path: "/api/Product/Synonyms",
    response: SavedSynonymGroups,
    auth: true,
    roles: STAFF,
    summary: "The search's synonym groups",
    tag: "Products",
  },
  setSynonyms: {
    method: "PUT",
    path: "/api/Product/Synonyms",
    body: SynonymGroups,
    response: SavedSynonymGroups,
    auth: true,
    roles: STAFF,
    summary:
      "Replace the search's synonym groups (2-20 terms each, a term in one group only); every server process uses them at once",
    tag: "Products",
  },
  suggest: {
    method: "GET",
    path: "/api/Product/Suggest",
    query: SuggestQuery,
    response: Suggestions,
    auth: false,
    summary: "Products, brands and categories for the letters typed into the search box (no prices)",
    tag: "Products",
  },
  searchRequest: {
    method: "POST",
    path: "/api/Product/SearchRequests",
    body: SearchRequestCommand,
    response: SuccessEnvelope,
    auth: false,
    problems: ["rate_limited"],
    summary: "Tell the shop what a search that found nothing was looking for",
    tag: "Products",
  },
  zeroResultSearches: {
    method: "GET",
    path: "/api/Product/ZeroResultSearches",
    query: ZeroResultSearchesQuery,
    response: ZeroResultSearches,
    auth: true,
    roles: STAFF,
    summary: "The searches that found nothing most often in the last 30 days, with what searchers said",
    tag: "Products",
  },
} as const satisfies Record<string, ApiRoute>;
