// /statements with only the network faked: a month of many documents shows its first page of
// lines with the month's figures, "Load more transactions" asks for the page after the last line
// (nextAfter, docs/api.md) and adds it, the running balance carried on, and the closing balance
// row ends the list only once the last page is in.
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { Statement, StatementLine } from "@trade-shop/contracts/statements";
import { fakeFetch, loggedInForEachTest, renderInShop } from "@/lib/testing/render";
import { StatementsPage } from "./statements-page";

/** 5 invoices of R10.00 each from an opening balance of R100.00, served 2 a page. */
const LINES: StatementLine[] = Array.from({ length: 5 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 10, 2 + i, 8)).toISOString(),
  kind: "Invoice",
  reference: `INV${1000 + i}`,
  description: null,
  dueDate: "2026-12-31",
  allocatedTo: null,
  orderId: null,
  debit: 10,
  credit: null,
  balance: 100 + 10 * (i + 1),
}));
const PAGE = 2;

/** GET /api/Account/GetStatement as the server pages it: PAGE lines after the line `after`. */
function statementPage({ query }: { query: URLSearchParams }) {
  const after = Number(query.get("after") ?? 0);
  const from = after ? LINES.findIndex((_, i) => 1000 + i === after) + 1 : 0;
  const body: Statement = {
    accountId: "CUS0001",
    accountName: "Trader",
    month: query.get("month")!,
    periodStart: "2026-11-01",
    periodEnd: "2026-11-30",
    statementDate: "2026-11-29T10:00:00.000Z",
    paymentTermsDays: 30,
    openingBalance: 100,
    totalDebits: 50,
    totalCredits: 0,
    closingBalance: 150,
    overdue: 0,
    ageing: { current: 150, days30: 0, days60: 0, days90: 0, days120Plus: 0 },
    lines: LINES.slice(from, from + PAGE),
    nextAfter: from + PAGE < LINES.length ? 1000 + from + PAGE - 1 : null,
  };
  return { body };
}

function fakeStatements() {
  const asked: URLSearchParams[] = [];
  const network = fakeFetch({
    "GET /api/Payments/Options": {
      body: { online: false, minimum: 0, balanceDue: 150, bank: null, reference: "CUS0001" },
    },
    "GET /api/Payments/Proofs": { body: { items: [] } },
    "GET /api/Account/GetStatement": (request) => {
      asked.push(request.query);
      return statementPage(request);
    },
  });
  return { fetch: network.fetch, asked };
}

loggedInForEachTest();

const table = () => screen.getAllByLabelText("Statement lines")[1]!;
const references = () =>
  within(table())
    .getAllByRole("row")
    .map((row) => within(row).queryAllByRole("cell")[1]?.textContent)
    .filter((text) => text?.startsWith("INV"));

describe("StatementsPage", () => {
  it("loads a long month's lines a page at a time, and ends them with the closing balance", async () => {
    const network = fakeStatements();
    vi.stubGlobal("fetch", network.fetch);
    renderInShop(<StatementsPage />, { route: "/statements" });
    const more = await screen.findByRole("button", { name: "Load more transactions" });
    expect(references()).toEqual(["INV1000", "INV1001"]);
    expect(within(table()).queryByText("Closing balance")).toBeNull();
    // The month's figures are whole from the first page.
    expect(screen.getByText("Closing balance", { selector: "dt" }).nextElementSibling?.textContent).toBe(
      "R150.00",
    );

    fireEvent.click(more);
    await screen.findByText("INV1003", { selector: "td" });
    expect(network.asked.at(-1)?.get("after")).toBe("1001");
    fireEvent.click(screen.getByRole("button", { name: "Load more transactions" }));
    await screen.findByText("INV1004", { selector: "td" });
    expect(references()).toEqual(LINES.map((l) => l.reference));
    expect(screen.queryByRole("button", { name: "Load more transactions" })).toBeNull();
    const closing = within(table()).getByText("Closing balance").closest("tr")!;
    expect(closing.textContent).toContain("R150.00");
    expect(network.asked.map((q) => q.get("after"))).toEqual([null, "1001", "1003"]);
  });
});
