// Synonyms in the search: a typed word or run of words that is a term of a group stands for
// every term of the group ("crisps" also finds chips, "cold drink" also soft drinks). Staff
// replace the whole list at once; the database keeps a term in one group and tells every
// process (migration 0014).
import { sql } from "kysely";
import type { SavedSynonymGroups, SynonymGroups } from "@trade-shop/contracts/catalogue-search";
import type { Db } from "../../db/database";
import { recordChange, type Editor } from "./catalogue-changes";
import type { QuerySlot } from "./search-text";
import { searchTerms } from "./search-text";
import { loadSynonymGroups, type SynonymIndex } from "./search-vocabulary";

/** A group's terms as exact word sequences, but `except` the one typed. */
function alternativesOf(index: SynonymIndex, group: number, except: string): string[][] {
  return index.groups[group]!.filter((term) => term !== except).map((term) => searchTerms(term));
}

/**
 * The query's places: a run of words that is a synonym term of several words is one place (the
 * longest wins), a word that is a term is one place with its group, any other word is one
 * place of its own. Alternatives that split into nothing (a term of punctuation) are dropped.
 */
export function synonymSlots(words: readonly string[], index: SynonymIndex): QuerySlot[] {
  const slots: QuerySlot[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = (index.phrases.get(words[i]!) ?? []).find((p) =>
      p.words.every((word, k) => words[i + k] === word),
    );
    if (phrase) {
      slots.push({
        words: phrase.words,
        alternatives: alternativesOf(index, phrase.group, phrase.words.join(" ")).filter((a) => a.length > 0),
      });
      i += phrase.words.length;
      continue;
    }
    const word = words[i]!;
    const group = index.groupOf.get(word);
    slots.push({
      words: [word],
      alternatives: group === undefined ? [] : alternativesOf(index, group, word).filter((a) => a.length > 0),
    });
    i++;
  }
  return slots;
}

export async function synonymGroups(db: Db): Promise<SavedSynonymGroups> {
  return { groups: (await loadSynonymGroups(db)).map((terms) => ({ terms })) };
}

/** Each group as a line of comma-separated terms, in order: how a change's record shows them. */
const asLines = (groups: readonly { terms: readonly string[] }[]): string[] =>
  groups.map((group) => group.terms.join(", "));

/** "2 groups added, 1 removed": a changed group counts as one removed and one added. */
function groupChanges(before: readonly string[], after: readonly string[]): string {
  const added = after.filter((line) => !before.includes(line)).length;
  const removed = before.filter((line) => !after.includes(line)).length;
  const parts = [];
  if (added > 0) parts.push(`${added} ${added === 1 ? "group" : "groups"} added`);
  if (removed > 0) parts.push(`${removed} removed`);
  return `Changed the search words: ${parts.join(", ") || "the same groups in a new order"}`;
}

/**
 * Replaces every group. Writers take the table's lock in turn (readers are not held up), so two
 * staff saving at once both succeed, the later one's list standing.
 */
export async function replaceSynonymGroups(
  db: Db,
  editor: Editor,
  command: SynonymGroups,
): Promise<SavedSynonymGroups> {
  await db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE search_synonyms IN EXCLUSIVE MODE`.execute(trx);
    const before = asLines((await synonymGroups(trx)).groups);
    const after = asLines(command.groups);
    if (before.join("\n") === after.join("\n")) return;
    await recordChange(trx, editor, {
      kind: "search_words_changed",
      skuCode: null,
      summary: groupChanges(before, after),
      before: before.join("\n"),
      after: after.join("\n"),
    });
    await sql`DELETE FROM search_synonyms`.execute(trx);
    const rows = command.groups.flatMap((group, g) =>
      group.terms.map((term, position) => ({ term, group_id: g + 1, position })),
    );
    if (rows.length > 0) {
      await sql`
        INSERT INTO search_synonyms (term, group_id, position)
        SELECT r.term, r.group_id, r.position
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(term text, group_id integer, position integer)
      `.execute(trx);
    }
  });
  return synonymGroups(db);
}
