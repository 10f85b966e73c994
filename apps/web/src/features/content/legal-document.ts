// The shape of the shop's legal texts (trade terms, PAIA manual): numbered sections of
// paragraphs, lists, fact sheets and tables. Kept as data so the page and the PDF are made
// from the same words.

export type LegalBlock =
  | string
  | { list: readonly string[] }
  | { facts: readonly (readonly [label: string, value: string])[] }
  | { table: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] } };

export interface LegalSection {
  /** The section's anchor, e.g. "orders" for /terms-and-conditions#orders. */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** When the text last changed, as the shop writes dates (dd-MMM-yyyy). */
  updated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}
