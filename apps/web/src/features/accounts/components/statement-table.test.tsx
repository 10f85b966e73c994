import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Statement } from "@trade-shop/contracts/statements";
import { orderPath } from "@/entities/orders";
import { renderInShop } from "@/lib/testing/render";
import { StatementTable } from "./statement-table";

afterEach(cleanup);

const statement: Statement = {
  accountId: "CUS0002",
  accountName: "Spaza Corner Store",
  month: "2026-10",
  periodStart: "2026-10-01",
  periodEnd: "2026-10-31",
  statementDate: "2026-10-31T21:59:59.999Z",
  paymentTermsDays: 30,
  openingBalance: 1500,
  totalDebits: 12345.67,
  totalCredits: 1334.56,
  closingBalance: 12511.11,
  overdue: 0,
  ageing: { current: 12511.11, days30: 0, days60: 0, days90: 0, days120Plus: 0 },
  lines: [
    {
      date: "2026-10-05T08:30:00Z",
      kind: "Invoice",
      reference: "INV0004510",
      description: "Order WEB000120",
      dueDate: "2026-11-30",
      allocatedTo: null,
      orderId: 120,
      debit: 12345.67,
      credit: null,
      balance: 13845.67,
    },
    {
      date: "2026-10-14T10:00:00Z",
      kind: "Payment",
      reference: "PAY00001",
      description: "PayFast payment (card or instant EFT)",
      dueDate: null,
      allocatedTo: "INV0004500",
      orderId: null,
      debit: null,
      credit: 1234.56,
      balance: 12611.11,
    },
    {
      date: "2026-10-20T12:00:00Z",
      kind: "Credit note",
      reference: "CN000077",
      description: null,
      dueDate: null,
      allocatedTo: "INV0004510",
      orderId: null,
      debit: null,
      credit: 100,
      balance: 12511.11,
    },
  ],
  nextAfter: null,
};

/** A card's labelled figures, label to amount. */
const figuresOf = (card: HTMLElement) =>
  Object.fromEntries(
    within(card)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe("StatementTable", () => {
  it("on a phone shows each line as a card: kind and reference, date, details, and its Debit or Credit and Balance labelled", () => {
    renderInShop(<StatementTable statement={statement} complete />);
    const cards = screen.getByRole("list", { name: "Statement lines" });
    // Cards below the sm breakpoint, the table from it: one of the two shows at a time.
    expect(cards.className.split(" ")).toContain("sm:hidden");
    const items = within(cards).getAllByRole("listitem");
    expect(items).toHaveLength(5);

    const [opening, invoice, payment, credit, closing] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(opening.textContent).toContain("Opening balance");
    expect(opening.textContent).toContain("01-Oct-2026");
    expect(figuresOf(opening)).toEqual({ Balance: "R1 500.00" });

    expect(invoice.textContent).toContain("Invoice INV0004510");
    expect(invoice.textContent).toContain("05-Oct-2026 10:30");
    expect(invoice.textContent).toContain("Order WEB000120");
    expect(invoice.textContent).toContain("Due 30-Nov-2026");
    expect(figuresOf(invoice)).toEqual({ Debit: "R12 345.67", Balance: "R13 845.67" });
    expect(within(invoice).getByRole("link", { name: "INV0004510" }).getAttribute("href")).toBe(
      orderPath(120),
    );

    expect(payment.textContent).toContain("Payment PAY00001");
    expect(payment.textContent).toContain("14-Oct-2026 12:00");
    expect(within(payment).getByText("PayFast payment (card or instant EFT) (for INV0004500)")).toBeTruthy();
    expect(figuresOf(payment)).toEqual({ Credit: "R1 234.56", Balance: "R12 611.11" });
    expect(within(payment).queryByRole("link")).toBeNull();

    expect(credit.textContent).toContain("Credit note CN000077");
    expect(within(credit).getByText("(for INV0004510)")).toBeTruthy();
    expect(figuresOf(credit)).toEqual({ Credit: "R100.00", Balance: "R12 511.11" });

    expect(closing.textContent).toContain("Closing balance");
    expect(closing.textContent).toContain("31-Oct-2026");
    expect(figuresOf(closing)).toEqual({ Debit: "R12 345.67", Credit: "R1 334.56", Balance: "R12 511.11" });
  });

  it("from the sm breakpoint keeps the table, its texts as before, in a region the keyboard can scroll", async () => {
    renderInShop(<StatementTable statement={statement} complete />);
    const region = screen.getByRole("region", { name: "Statement lines" });
    expect(region.className.split(" ")).toEqual(expect.arrayContaining(["hidden", "sm:block"]));
    const table = within(region).getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Date", "Reference", "Details", "Due", "Debit", "Credit", "Balance"]);
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((td) => td.textContent),
      );
    expect(rows).toEqual([
      ["01-Oct-2026", "Opening balance", "R1 500.00"],
      [
        "05-Oct-2026 10:30",
        "INV0004510",
        "Invoice: Order WEB000120",
        "30-Nov-2026",
        "R12 345.67",
        "",
        "R13 845.67",
      ],
      [
        "14-Oct-2026 12:00",
        "PAY00001",
        "Payment: PayFast payment (card or instant EFT) (for INV0004500)",
        "",
        "",
        "R1 234.56",
        "R12 611.11",
      ],
      ["20-Oct-2026 14:00", "CN000077", "Credit note (for INV0004510)", "", "", "R100.00", "R12 511.11"],
      ["31-Oct-2026", "Closing balance", "R12 345.67", "R1 334.56", "R12 511.11"],
    ]);

    // Keyboard: links and the scrollable region take the focus in order (no CSS here, so the
    // cards' link comes first; a browser shows the cards or the table, not both).
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement?.textContent).toBe("INV0004510");
    await user.tab();
    expect(document.activeElement).toBe(region);
    await user.tab();
    expect(document.activeElement).toBe(within(region).getByRole("link", { name: "INV0004510" }));
  });

  it("leaves the closing balance off while more lines are to come, on a phone and from the sm breakpoint", () => {
    renderInShop(<StatementTable statement={{ ...statement, nextAfter: 9 }} complete={false} />);
    const [cards, table] = screen.getAllByLabelText("Statement lines");
    expect(within(cards!).getAllByRole("listitem")).toHaveLength(1 + statement.lines.length);
    expect(within(table!).getAllByRole("row")).toHaveLength(1 + 1 + statement.lines.length);
    expect(screen.queryByText("Closing balance")).toBeNull();
    expect(screen.getAllByText("Opening balance")).toHaveLength(2);
  });
});
