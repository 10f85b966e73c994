// /statements with only the network faked: a month of many documents shows its first page of
// lines with the month's figures, "Load more transactions" asks for the page after the last line
// (nextAfter, docs/api.md) and adds it, the running balance carried on, and the closing balance
// row ends the list only once the last page is in.
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { Statement, StatementLine } from "@trade-shop/contracts/statements";
import { loggedInForEachTest, renderInShop } from "@/lib/testing/render";
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

function fakeStatements() {
  const asked: URLSearchParams[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://shop.test");
    if (url.pathname === "/api/Payments/Options")
      return json({ online: false, minimum: 0, balanceDue: 150, bank: null, reference: "CUS0001" });
    if (url.pathname === "/api/Payments/Proofs") return json({ items: [] });
    if (url.pathname !== "/api/Account/GetStatement") throw new Error(`Unexpected call ${url.pathname}`);
    asked.push(url.searchParams);
    const after = Number(url.searchParams.get("after") ?? 0);
    const from = after ? LINES.findIndex((_, i) => 1000 + i === after) + 1 : 0;
    const lines = LINES.slice(from, from + PAGE);
    const statement: Statement = {
      accountId: "CUS0001",
      accountName: "Trader",
      month: url.searchParams.get("month")!,
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
      lines,
      nextAfter: from + PAGE < LINES.length ? 1000 + from + PAGE - 1 : null,
    };
    return json(statement);
  };
  return { fetch: fetch as typeof globalThis.fetch, asked };
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
