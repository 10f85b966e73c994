// A year of the back office's debtors' ledger for the demo accounts: an invoice for
// every demo order that reached Invoiced, orders reps took by phone, some credit notes, and
// payments on terms (some late), chosen so that what is still owed is exactly the account's
// seeded balance. Statements, ageing and the dashboard's overdue figure then have history.
import { sastDay } from "../modules/accounts";
import type { DemoCustomer, Row } from "./types";
import type { Random } from "./random";

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Payment terms: informal traders pay within 14 days, everyone else on 30-day terms. */
export function paymentTermsFor(customer: Pick<DemoCustomer, "channelGroup">): number {
  return customer.channelGroup === "Informal Retail" ? 14 : 30;
}

const CREDIT_REASONS = [
  "Damaged goods returned",
  "Short delivery",
  "Pricing adjustment",
  "Expired stock returned",
];
const PAYMENT_WAYS = ["EFT payment", "EFT payment", "EFT payment", "Cash deposit"];

interface LedgerInputs {
  random: Random;
  referenceDate: Date;
  customers: readonly DemoCustomer[];
  orders: readonly Row<"orders">[];
  lines: readonly Row<"orderLines">[];
  history: readonly Row<"orderStatusHistory">[];
}

interface Invoice {
  reference: string;
  at: Date;
  dueDate: string;
  amountCents: number;
  orderId: number | null;
  description: string;
  creditedCents: number;
}

export function generateLedger(inputs: LedgerInputs): Row<"accountDocuments">[] {
  const { random, referenceDate } = inputs;
  const documents: Row<"accountDocuments">[] = [];
  const invoicedAt = new Map<number, Date>();
  for (const step of inputs.history) {
    if (step.status === "Invoiced") invoicedAt.set(step.orderId, new Date(step.changedAt as Date));
  }
  const invoiceNumber = new Map<number, string>();
  for (const line of inputs.lines) {
    if (line.pastelInvoiceNumber) invoiceNumber.set(line.orderId, line.pastelInvoiceNumber);
  }
  let repInvoices = 0;
  let creditNotes = 0;
  let payments = 0;
  const ref = new Date(referenceDate.getTime() - 3_600_000);

  for (const customer of inputs.customers) {
    if (!customer.hasOrderHistory && customer.dcBalanceCents === 0) continue;
    const terms = paymentTermsFor(customer);
    const invoice = (
      reference: string,
      at: Date,
      amountCents: number,
      orderId: number | null,
      description: string,
    ): Invoice => ({
      reference,
      at,
      dueDate: addDays(sastDay(at), terms),
      amountCents,
      orderId,
      description,
      creditedCents: 0,
    });
    const invoices: Invoice[] = [];
    for (const order of inputs.orders) {
      const at =
        order.customerId === customer.id && order.id !== undefined ? invoicedAt.get(order.id) : undefined;
      const number = order.id !== undefined ? invoiceNumber.get(order.id) : undefined;
      if (at && number)
        invoices.push(
          invoice(number, at, order.totalInclCents ?? 0, order.id ?? null, `Order ${order.orderId}`),
        );
    }
    // Orders the account's rep took by phone, a few a month.
    const perMonth = customer.channelGroup === "Wholesale" ? 3 : 2;
    for (let month = 0; month < 12; month++) {
      for (let n = random.int(0, perMonth); n > 0; n--) {
        const at = new Date(referenceDate.getTime() - (month * 30 + random.float(1, 30)) * DAY_MS);
        const amount = random.int(
          Math.round(customer.creditLimitCents * 0.01),
          Math.round(customer.creditLimitCents * 0.06),
        );
        invoices.push(
          invoice(
            `INV${500_001 + repInvoices++}`,
            at,
            Math.max(amount, 5_000),
            null,
            `Rep order (${customer.repCode})`,
          ),
        );
      }
    }
    invoices.sort((a, b) => a.at.getTime() - b.at.getTime());

    for (const inv of invoices) {
      if (inv.at.getTime() > ref.getTime() - 14 * DAY_MS || !random.chance(0.06)) continue;
      const cents = Math.max(100, Math.round(inv.amountCents * random.float(0.03, 0.15)));
      inv.creditedCents = cents;
      documents.push({
        customerId: customer.id,
        kind: "credit_note",
        reference: `CN${700_001 + creditNotes++}`,
        documentDate: new Date(inv.at.getTime() + random.float(2, 10) * DAY_MS),
        dueDate: null,
        amountCents: cents,
        allocatedTo: inv.reference,
        orderId: inv.orderId,
        description: random.pick(CREDIT_REASONS),
      });
    }

    // What is still owed: the newest invoices, and for a late payer one older invoice too.
    const outstanding = new Map<Invoice, number>();
    let owed = customer.dcBalanceCents;
    const late = random.chance(0.35);
    if (late) {
      const old = invoices.filter((inv) => {
        const age = (ref.getTime() - inv.at.getTime()) / DAY_MS;
        return age > 45 && age < 150 && inv.amountCents - inv.creditedCents <= owed;
      });
      if (old.length > 0) {
        const chosen = random.pick(old);
        outstanding.set(chosen, chosen.amountCents - chosen.creditedCents);
        owed -= chosen.amountCents - chosen.creditedCents;
      }
    }
    for (let i = invoices.length - 1; i >= 0 && owed > 0; i--) {
      const inv = invoices[i]!;
      if (outstanding.has(inv)) continue;
      const part = Math.min(owed, inv.amountCents - inv.creditedCents);
      outstanding.set(inv, part);
      owed -= part;
    }
    if (owed > 0) {
      const extra = invoice(
        `INV${500_001 + repInvoices++}`,
        new Date(ref.getTime() - random.float(3, 25) * DAY_MS),
        owed,
        null,
        `Rep order (${customer.repCode})`,
      );
      invoices.push(extra);
      outstanding.set(extra, owed);
    }

    for (const inv of invoices) {
      documents.push({
        customerId: customer.id,
        kind: "invoice",
        reference: inv.reference,
        documentDate: inv.at,
        dueDate: inv.dueDate,
        amountCents: inv.amountCents,
        allocatedTo: null,
        orderId: inv.orderId,
        description: inv.description,
      });
      const paid = inv.amountCents - inv.creditedCents - (outstanding.get(inv) ?? 0);
      if (paid <= 0) continue;
      const lateness = late ? random.int(3, 40) : random.int(-12, 2);
      const wanted = Date.parse(`${addDays(inv.dueDate, lateness)}T10:00:00+02:00`);
      // Paid before the reference date: an invoice not yet due then was paid early.
      const at =
        wanted < ref.getTime()
          ? Math.max(wanted, inv.at.getTime() + DAY_MS)
          : inv.at.getTime() + random.float(0.3, 1) * (ref.getTime() - inv.at.getTime());
      documents.push({
        customerId: customer.id,
        kind: "payment",
        reference: `PMT${900_001 + payments++}`,
        documentDate: new Date(Math.min(at, ref.getTime())),
        dueDate: null,
        amountCents: paid,
        allocatedTo: inv.reference,
        orderId: null,
        description: random.pick(PAYMENT_WAYS),
      });
    }
  }
  return documents
    .sort((a, b) => (a.documentDate as Date).getTime() - (b.documentDate as Date).getTime())
    .map((document, index) => ({ id: index + 1, ...document }));
}
