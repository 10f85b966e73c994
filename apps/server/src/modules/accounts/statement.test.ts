import { describe, expect, it } from "vitest";
import {
  ageBalance,
  ageFromBuckets,
  bucketOf,
  computeStatement,
  monthBounds,
  daysOverdue,
  monthLines,
  overdueOf,
  signedCents,
  type LedgerDocument,
} from "./statement";

const doc = (
  kind: LedgerDocument["kind"],
  reference: string,
  day: string,
  amountCents: number,
  extra: Partial<LedgerDocument> = {},
): LedgerDocument => ({
  kind,
  reference,
  documentDate: new Date(`${day}T10:00:00+02:00`),
  dueDate: null,
  amountCents,
  allocatedTo: null,
  orderId: null,
  description: null,
  ...extra,
});
const invoice = (reference: string, day: string, due: string, cents: number) =>
  doc("invoice", reference, day, cents, { dueDate: due });

describe("bucketOf", () => {
  it("ages by days past due: not due is current, then 1-30, 31-60, 61-90, over 90", () => {
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual([
      "current",
      "current",
      "days30",
      "days30",
      "days60",
      "days60",
      "days90",
      "days90",
      "days120Plus",
      "days120Plus",
    ]);
  });
});

describe("ageBalance", () => {
  it("settles allocated payments on their invoice and unallocated ones oldest first", () => {
    const documents = [
      invoice("A", "2026-07-01", "2026-07-31", 10_000),
      invoice("B", "2026-09-01", "2026-10-01", 20_000),
      invoice("C", "2026-11-01", "2026-12-01", 30_000),
      doc("payment", "P1", "2026-11-02", 20_000, { allocatedTo: "B" }),
      doc("payment", "P2", "2026-11-03", 4_000),
      doc("credit_note", "CN1", "2026-11-04", 1_000, { allocatedTo: "C" }),
    ];
    const ageing = ageBalance(documents, "2026-11-25");
    // A: 117 days past due, 6 000 left; B paid; C not yet due, 29 000 left.
    expect(ageing).toEqual({ current: 29_000, days30: 0, days60: 0, days90: 0, days120Plus: 6_000 });
  });

  it("keeps a credit balance in current, so the buckets still sum to the balance", () => {
    const ageing = ageBalance(
      [
        invoice("A", "2026-10-01", "2026-10-31", 5_000),
        doc("payment", "P", "2026-10-02", 7_500, { allocatedTo: "A" }),
      ],
      "2026-11-25",
    );
    expect(ageing).toEqual({ current: -2_500, days30: 0, days60: 0, days90: 0, days120Plus: 0 });
  });
});

describe("computeStatement", () => {
  it("opens with everything before the month and closes with opening plus the month's movements", () => {
    const { start, end } = monthBounds("2026-10");
    const documents = [
      invoice("A", "2026-09-10", "2026-10-10", 50_000),
      invoice("B", "2026-10-05", "2026-11-04", 12_345),
      doc("payment", "P", "2026-10-10", 50_000, { allocatedTo: "A" }),
      invoice("C", "2026-11-02", "2026-12-02", 99_999),
    ];
    const s = computeStatement(documents, { start, end, asOf: "2026-10-31" });
    expect(s.openingCents).toBe(50_000);
    expect(s.lines.map((l) => [l.document.reference, l.balanceCents])).toEqual([
      ["B", 62_345],
      ["P", 12_345],
    ]);
    expect(s.closingCents).toBe(s.openingCents + s.debitsCents - s.creditsCents);
    expect(s.closingCents).toBe(12_345);
    expect(Object.values(s.ageing).reduce((a, b) => a + b, 0)).toBe(s.closingCents);
    expect(s.overdueCents).toBe(0);
  });

  it("takes the month in Johannesburg: 23:30 UTC on the last day belongs to the next month", () => {
    const { start, end, lastDay } = monthBounds("2026-02");
    expect(start.toISOString()).toBe("2026-01-31T22:00:00.000Z");
    expect(end.toISOString()).toBe("2026-02-28T22:00:00.000Z");
    expect(lastDay).toBe("2026-02-28");
  });
});

describe("the statement from its opening balance and the newest invoices (decision 158)", () => {
  /** A deterministic ledger: invoices, payments and credit notes over 14 months, allocated or not. */
  function ledger(seed: number): LedgerDocument[] {
    let state = seed;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % n;
    };
    const documents: LedgerDocument[] = [];
    const invoices: string[] = [];
    for (let i = 0; i < 60 + next(60); i++) {
      const day = new Date(Date.UTC(2025, 9, 1) + next(425) * 86_400_000 + next(86_400) * 1000);
      const iso = day.toISOString().slice(0, 10);
      const kind = (["invoice", "invoice", "payment", "credit_note"] as const)[next(4)]!;
      if (kind === "invoice") {
        const reference = `I${i}`;
        invoices.push(reference);
        const due = new Date(day.getTime() + (next(3) * 30 + 7) * 86_400_000).toISOString().slice(0, 10);
        documents.push({ ...invoice(reference, iso, due, 1_000 + next(90_000)), documentDate: day });
      } else {
        const allocatedTo = invoices.length && next(2) ? invoices[next(invoices.length)]! : null;
        documents.push({
          ...doc(kind, `${kind}${i}`, iso, 500 + next(60_000), { allocatedTo }),
          documentDate: day,
        });
      }
    }
    return documents.sort((a, b) => a.documentDate.getTime() - b.documentDate.getTime());
  }

  /** The bounded way, as account-statement.ts does it, on documents in memory. */
  function bounded(documents: readonly LedgerDocument[], period: { start: Date; end: Date; asOf: string }) {
    const before = documents.filter((d) => d.documentDate < period.end);
    const openingCents = before
      .filter((d) => d.documentDate < period.start)
      .reduce((n, d) => n + signedCents(d), 0);
    const month = monthLines(
      openingCents,
      before.filter((d) => d.documentDate >= period.start),
    );
    // Only invoices due at most 90 days before the day aged on, by bucket, as the server sums them.
    const openByBucket: Record<string, number> = {};
    for (const i of before.filter((d) => d.kind === "invoice")) {
      const late = daysOverdue(i.dueDate!, period.asOf);
      if (late > 90) continue;
      const allocated = before
        .filter((c) => c.kind !== "invoice" && c.allocatedTo === i.reference)
        .reduce((n, c) => n + c.amountCents, 0);
      openByBucket[bucketOf(late)] =
        (openByBucket[bucketOf(late)] ?? 0) + Math.max(0, i.amountCents - allocated);
    }
    const ageing = ageFromBuckets(month.closingCents, openByBucket);
    return { openingCents, ...month, ageing, overdueCents: overdueOf(ageing) };
  }

  it("gives the figures the whole ledger gives, for every month of many ledgers", () => {
    const plain = (n: number) => n + 0; // -0 and 0 are the same amount
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const documents = ledger(seed);
      for (const month of ["2025-10", "2026-01", "2026-04", "2026-07", "2026-10", "2026-11"]) {
        const { start, end, lastDay } = monthBounds(month);
        const period = { start, end, asOf: lastDay };
        const whole = computeStatement(documents, period);
        const fromOpening = bounded(documents, period);
        expect(fromOpening.openingCents).toBe(whole.openingCents);
        expect(fromOpening.lines).toEqual(whole.lines);
        expect(fromOpening.closingCents).toBe(whole.closingCents);
        expect(Object.fromEntries(Object.entries(fromOpening.ageing).map(([k, v]) => [k, plain(v)]))).toEqual(
          Object.fromEntries(Object.entries(whole.ageing).map(([k, v]) => [k, plain(v)])),
        );
        expect(fromOpening.overdueCents).toBe(whole.overdueCents);
        compared++;
      }
    }
    expect(compared).toBe(240);
  });
});
