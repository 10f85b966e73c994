// The staff's proofs of payment: those to match by default, each with its account, amount, day
// paid, reference and when it was sent; the file fetched with the login's token and saved; a
// match asked once more and toasted; a reject wanting a reason; all of it by keyboard.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast as sonnerToast } from "sonner";
import type { PaymentProof } from "@trade-shop/contracts/payments";
import { fakeFetch, logInAs, logOut, renderInShop } from "@/lib/testing/render";
import { screenIs } from "@/lib/testing/screen-width";
import { PaymentProofsPage } from "./payment-proofs-page";

const proof = (over: Partial<PaymentProof> = {}): PaymentProof => ({
  id: 7,
  accountId: "CUS0001",
  accountName: "Traders Wholesale",
  amount: 1234.56,
  paidOn: "2026-11-20",
  bankReference: "CUS0001",
  fileName: "fnb proof.pdf",
  contentType: "application/pdf",
  status: "Submitted",
  submittedAt: "2026-11-21T12:05:00.000Z",
  submittedBy: "Thabo Mokoena",
  decidedAt: null,
  decidedBy: null,
  reason: null,
  paymentReference: null,
  ...over,
});

beforeEach(() => logInAs(["Staff"]));
afterEach(() => {
  act(() => void sonnerToast.dismiss());
  cleanup();
  logOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** fakeFetch, with every URL asked for kept (the query says which status the list shows). */
function withUrls(api: ReturnType<typeof fakeFetch>) {
  const urls: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return api.fetch(input, init);
  };
  vi.stubGlobal("fetch", fetch);
  return { ...api, urls };
}

function renderPage(route = "/payment-proofs") {
  render(<Toaster />);
  return renderInShop(<PaymentProofsPage />, { route });
}

describe("PaymentProofsPage", () => {
  it("lists the proofs to match by default, each with what staff check against the bank", async () => {
    screenIs(1280);
    const api = withUrls(fakeFetch({ "GET /api/Payments/Proofs": { body: { items: [proof()] } } }));
    renderPage();
    const list = await screen.findByRole("list", { name: "Proofs of payment" });
    expect(api.urls).toEqual(["/api/Payments/Proofs?status=Submitted"]);
    const [item] = within(list).getAllByRole("listitem");
    const text = item!.textContent;
    expect(text).toContain("Traders Wholesale");
    expect(text).toContain("CUS0001");
    expect(within(item!).getByText("R1 234.56")).toBeTruthy();
    expect(text).toContain("Paid on20-Nov-2026");
    expect(text).toContain("ReferenceCUS0001");
    expect(text).toContain("Sent21-Nov-2026 14:05 by Thabo Mokoena");
    expect(within(item!).getByText("Waiting to be matched")).toBeTruthy();
    expect(screen.getByRole("button", { name: "To match" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("filters by status through the address", async () => {
    screenIs(390);
    const api = withUrls(
      fakeFetch({
        "GET /api/Payments/Proofs": {
          body: {
            items: [
              proof({
                status: "Rejected",
                decidedAt: "2026-11-22T08:00:00.000Z",
                decidedBy: "Pieter van der Merwe",
                reason: "Not in our bank account",
              }),
            ],
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole("list", { name: "Proofs of payment" });
    await user.click(screen.getByRole("button", { name: "Rejected" }));
    expect(await screen.findByText("Not in our bank account")).toBeTruthy();
    expect(screen.getByLabelText("Current address").textContent).toBe("/payment-proofs?status=Rejected");
    expect(api.urls.at(-1)).toBe("/api/Payments/Proofs?status=Rejected");
    // A decided proof can be opened, not decided again.
    expect(screen.queryByRole("button", { name: /^Match R/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Reject R/ })).toBeNull();
    expect(screen.getByRole("button", { name: /^Open the proof/ })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "All" }));
    await waitFor(() => expect(api.urls.at(-1)).toBe("/api/Payments/Proofs"));
  });

  it("matches a proof after asking once more, by keyboard, and says where it went", async () => {
    screenIs(1280);
    let items = [proof()];
    const api = withUrls(
      fakeFetch({
        "GET /api/Payments/Proofs": () => ({ body: { items } }),
        "POST /api/Payments/Proofs/7/Match": () => {
          items = [];
          return {
            body: proof({
              status: "Matched",
              decidedAt: "2026-11-22T08:00:00.000Z",
              paymentReference: "PAY-7K2M9Q4XAB",
            }),
          };
        },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const ask = await screen.findByRole("button", { name: "Match R1 234.56 from Traders Wholesale…" });
    ask.focus();
    await user.keyboard("{Enter}");
    expect(screen.getByText(/Is R1 234.56 in the bank\?/)).toBeTruthy();
    const confirm = screen.getByRole("button", { name: "Match R1 234.56" });
    expect(document.activeElement).toBe(confirm);
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Proof matched")).toBeTruthy();
    expect(
      screen.getByText("R1 234.56 is on account CUS0001's ledger as payment PAY-7K2M9Q4XAB."),
    ).toBeTruthy();
    expect(await screen.findByText("No proofs wait to be matched.")).toBeTruthy();
    expect(api.calls.filter((call) => call.route.startsWith("POST")).length).toBe(1);
  });

  it("rejects a proof only with a reason, and sends it", async () => {
    screenIs(390);
    const api = withUrls(
      fakeFetch({
        "GET /api/Payments/Proofs": { body: { items: [proof()] } },
        "POST /api/Payments/Proofs/7/Reject": ({ body }) => ({
          body: proof({
            status: "Rejected",
            decidedAt: "2026-11-22T08:00:00.000Z",
            reason: (body as { reason: string }).reason,
          }),
        }),
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Reject R1 234.56 from Traders Wholesale…" }));
    const reason = screen.getByLabelText("Reason (the account is e-mailed it)");
    expect(document.activeElement).toBe(reason);
    await user.click(screen.getByRole("button", { name: "Reject proof" }));
    expect(screen.getByText("Say why the proof is rejected")).toBeTruthy();
    expect(api.calls.filter((call) => call.route.startsWith("POST"))).toEqual([]);
    await user.type(reason, "Not in our bank account{Enter}");
    expect(await screen.findByText("Proof rejected")).toBeTruthy();
    expect(api.calls.find((call) => call.route.startsWith("POST"))?.body).toEqual({
      reason: "Not in our bank account",
    });
  });

  it("opens the file with the login's token and saves it under the server's name", async () => {
    screenIs(1280);
    const list = fakeFetch({ "GET /api/Payments/Proofs": { body: { items: [proof()] } } });
    const seen: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.endsWith("/File")) return list.fetch(input, init);
      seen.push({ url, authorization: new Headers(init?.headers).get("Authorization") });
      return new Response(new Blob(["%PDF-1.4"], { type: "application/pdf" }), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": 'attachment; filename="proof-7-fnb_proof.pdf"',
        },
      });
    });
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:proof");
    vi.spyOn(URL, "revokeObjectURL").mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(
      await screen.findByRole("button", { name: "Open the proof from Traders Wholesale: fnb proof.pdf" }),
    );
    await waitFor(() => expect(saved).toEqual(["proof-7-fnb_proof.pdf"]));
    expect(seen).toEqual([
      { url: "/api/Payments/Proofs/7/File", authorization: expect.stringMatching(/^Bearer /) },
    ]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
