// A customer account's monthly statement from the back office's ledger (account_documents):
// the opening balance, every invoice, credit note and payment of the month with the running
// balance, the closing balance, and the ageing of what is owed by invoice due date. All sums
// are in integer cents; an invoice adds to the balance, a credit note or payment takes off it.
// computeStatement is the rule over the whole ledger; the statement served is drawn from the
// stored month sums and the month's own documents (monthLines, ageFromBuckets: decision 158),
// and statement.test.ts proves the two agree.

export type LedgerKind = "invoice" | "credit_note" | "payment";

export interface LedgerDocument {
  kind: LedgerKind;
  reference: string;
  documentDate: Date;
  /** Invoices: YYYY-MM-DD. */
  dueDate: string | null;
  amountCents: number;
  allocatedTo: string | null;
  orderId: number | null;
  description: string | null;
}

export interface AgeingCents {
  current: number;
  days30: number;
  days60: number;
  days90: number;
  days120Plus: number;
}

export interface StatementLineCents {
  document: LedgerDocument;
  balanceCents: number;
}

export interface StatementCents {
  openingCents: number;
  debitsCents: number;
  creditsCents: number;
  closingCents: number;
  ageing: AgeingCents;
  overdueCents: number;
  lines: StatementLineCents[];
}

const DAY_MS = 86_400_000;
const SAST_MS = 2 * 3_600_000;

export const signedCents = (d: Pick<LedgerDocument, "kind" | "amountCents">) =>
  d.kind === "invoice" ? d.amountCents : -d.amountCents;

/** The calendar day in Johannesburg (UTC+2, no daylight saving) as YYYY-MM-DD. */
export function sastDay(at: Date): string {
  return new Date(at.getTime() + SAST_MS).toISOString().slice(0, 10);
}

/** The month's first instant and the next month's, in Johannesburg. */
export function monthBounds(month: string): { start: Date; end: Date; lastDay: string } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const start = new Date(Date.UTC(year, m - 1, 1) - SAST_MS);
  const end = new Date(Date.UTC(year, m, 1) - SAST_MS);
  return { start, end, lastDay: sastDay(new Date(end.getTime() - 1)) };
}

/** Whole days from `due` to `asOf` (both YYYY-MM-DD); negative when not yet due. */
export function daysOverdue(due: string, asOf: string): number {
  return Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / DAY_MS);
}

export function bucketOf(daysPastDue: number): keyof AgeingCents {
  if (daysPastDue <= 0) return "current";
  if (daysPastDue <= 30) return "days30";
  if (daysPastDue <= 60) return "days60";
  if (daysPastDue <= 90) return "days90";
  return "days120Plus";
}

/**
 * What is owed on `asOf` by how long it is past due. Credit notes and payments settle the invoice
 * they were allocated to, then (what is left, and unallocated ones) the oldest open invoices.
 * A credit balance left over goes in current. The buckets always sum to the balance.
 */
export function ageBalance(documents: readonly LedgerDocument[], asOf: string): AgeingCents {
  const invoices = documents
    .filter((d) => d.kind === "invoice")
    .sort(
      (a, b) =>
        (a.dueDate ?? "").localeCompare(b.dueDate ?? "") ||
        a.documentDate.getTime() - b.documentDate.getTime(),
    );
  const open = new Map(invoices.map((invoice) => [invoice.reference, invoice.amountCents]));
  let unallocated = 0;
  for (const d of documents) {
    if (d.kind === "invoice") continue;
    const target = d.allocatedTo !== null ? open.get(d.allocatedTo) : undefined;
    const applied = target === undefined ? 0 : Math.min(target, d.amountCents);
    if (target !== undefined) open.set(d.allocatedTo!, target - applied);
    unallocated += d.amountCents - applied;
  }
  for (const invoice of invoices) {
    if (unallocated === 0) break;
    const left = open.get(invoice.reference)!;
    const applied = Math.min(left, unallocated);
    open.set(invoice.reference, left - applied);
    unallocated -= applied;
  }
  const ageing: AgeingCents = { current: -unallocated, days30: 0, days60: 0, days90: 0, days120Plus: 0 };
  for (const invoice of invoices) {
    ageing[bucketOf(daysOverdue(invoice.dueDate!, asOf))] += open.get(invoice.reference)!;
  }
  return ageing;
}

/**
 * The statement of [start, end) from every document before `end` (the ledger up to the
 * statement date), aged on `asOf`.
 */
export function computeStatement(
  documents: readonly LedgerDocument[],
  period: { start: Date; end: Date; asOf: string },
): StatementCents {
  const before = documents.filter((d) => d.documentDate < period.end);
  const openingCents = before
    .filter((d) => d.documentDate < period.start)
    .reduce((sum, d) => sum + signedCents(d), 0);
  const inMonth = before
    .filter((d) => d.documentDate >= period.start)
    .sort((a, b) => a.documentDate.getTime() - b.documentDate.getTime());
  const month = monthLines(openingCents, inMonth);
  const ageing = ageBalance(before, period.asOf);
  return { openingCents, ...month, ageing, overdueCents: overdueOf(ageing) };
}

export const overdueOf = (ageing: AgeingCents) =>
  ageing.days30 + ageing.days60 + ageing.days90 + ageing.days120Plus;

/** The month's lines with the running balance from its opening balance, its totals and its closing. */
export function monthLines(openingCents: number, inMonth: readonly LedgerDocument[]) {
  let balance = openingCents;
  let debitsCents = 0;
  let creditsCents = 0;
  const lines: StatementLineCents[] = inMonth.map((document) => {
    balance += signedCents(document);
    if (document.kind === "invoice") debitsCents += document.amountCents;
    else creditsCents += document.amountCents;
    return { document, balanceCents: balance };
  });
  return { lines, debitsCents, creditsCents, closingCents: balance };
}

/** The ageing buckets from newest to oldest due date; the last takes whatever is left. */
export const BUCKETS_NEWEST_FIRST = ["current", "days30", "days60", "days90", "days120Plus"] as const;

const noAgeing = (): AgeingCents => ({ current: 0, days30: 0, days60: 0, days90: 0, days120Plus: 0 });

/**
 * ageBalance without the whole ledger. Unallocated credits settle the oldest invoices first, so
 * what stays owed is the newest invoices' open amounts (each invoice's amount less the credits
 * allocated to it, at least 0) up to the balance. Every invoice of a bucket falls in that bucket,
 * so only each bucket's open total matters: the buckets are filled newest first up to the
 * balance, and what is left is over 90 days (the invoices there always cover it, since the
 * balance is their sum less the unallocated credits). A balance of 0 or less is all current, a
 * credit, as in ageBalance.
 */
export function ageFromBuckets(balanceCents: number, openByBucket: Partial<AgeingCents>): AgeingCents {
  const ageing = noAgeing();
  if (balanceCents <= 0) {
    ageing.current = balanceCents;
    return ageing;
  }
  let remaining = balanceCents;
  for (const bucket of BUCKETS_NEWEST_FIRST.slice(0, -1)) {
    const owed = Math.min(openByBucket[bucket] ?? 0, remaining);
    ageing[bucket] = owed;
    remaining -= owed;
  }
  ageing.days120Plus = remaining;
  return ageing;
}
