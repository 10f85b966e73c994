// The proof of payment form: what it sends (the file read as a data URL), the server's refusals
// under their fields with what was typed kept, a file too large refused before any upload, the
// success toast, and the account's proofs with where each stands.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast as sonnerToast } from "sonner";
import type { PaymentProof } from "@trade-shop/contracts/payments";
import { fakeFetch, logInAs, logOut, renderInShop } from "@/lib/testing/render";
import { screenIs } from "@/lib/testing/screen-width";
import { PROOF_SENT } from "./proof-queries";
import { MAX_PROOF_BYTES, ProofForm, shopToday } from "./proof-form";

const proof = (over: Partial<PaymentProof> = {}): PaymentProof => ({
  id: 1,
  accountId: "CUS0001",
  accountName: "Traders Wholesale",
  amount: 1234.56,
  paidOn: "2026-11-20",
  bankReference: null,
  fileName: "proof.pdf",
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

const PDF = () => new File(["%PDF-1.4\n%%EOF\n"], "fnb proof.pdf", { type: "application/pdf" });

beforeEach(() => {
  logInAs(["Customer"]);
  screenIs(1280);
});
afterEach(() => {
  act(() => void sonnerToast.dismiss());
  cleanup();
  logOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderForm() {
  render(<Toaster />);
  return renderInShop(<ProofForm />, { route: "/statements" });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, file = PDF()) {
  await user.type(screen.getByLabelText("Amount paid (R)"), "1 500,25");
  await user.type(screen.getByLabelText(/Reference on the payment/), "CUS0001 Nov");
  await user.upload(screen.getByLabelText("Proof of payment"), file);
  await screen.findByText(new RegExp(`${file.name.replace(/[.()]/g, "\\$&")} \\(`));
}

describe("ProofForm", () => {
  it("sends the amount, today as the day paid, the reference and the file as a data URL, then says so", async () => {
    let listed: PaymentProof[] = [];
    const api = fakeFetch({
      "GET /api/Payments/Proofs": () => ({ body: { items: listed } }),
      "POST /api/Payments/Proofs": ({ body }) => {
        listed = [proof({ id: 9, amount: 1500.25, bankReference: "CUS0001 Nov", fileName: "fnb proof.pdf" })];
        return { body: { ...listed[0], ...(body as object) } };
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    const user = userEvent.setup();
    renderForm();
    expect(await screen.findByText("You have sent no proofs of payment yet.")).toBeTruthy();
    expect((screen.getByLabelText("Day paid") as HTMLInputElement).value).toBe(shopToday());

    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send proof of payment" }));

    expect(await screen.findByText(PROOF_SENT)).toBeTruthy();
    const sent = api.calls.find((call) => call.route === "POST /api/Payments/Proofs")!.body as {
      file: string;
    };
    expect(sent).toMatchObject({
      amount: 1500.25,
      paidOn: shopToday(),
      bankReference: "CUS0001 Nov",
      fileName: "fnb proof.pdf",
    });
    expect(sent.file).toMatch(/^data:application\/pdf;base64,/);
    expect(atob(sent.file.split(",")[1]!)).toBe("%PDF-1.4\n%%EOF\n");
    // The form starts afresh, and the proof is listed below it.
    await waitFor(() =>
      expect((screen.getByLabelText("Amount paid (R)") as HTMLInputElement).value).toBe(""),
    );
    const list = await screen.findByRole("list", { name: "Proofs you sent" });
    expect(within(list).getByText("R1 500.25")).toBeTruthy();
    expect(within(list).getByText("Waiting to be matched")).toBeTruthy();
  });

  it("shows the server's refusal under the file and keeps everything typed", async () => {
    const api = fakeFetch({
      "GET /api/Payments/Proofs": { body: { items: [] } },
      "POST /api/Payments/Proofs": {
        status: 400,
        body: {
          type: "/problems/validation",
          code: "validation",
          title: "The proof is not a PDF, or a JPEG, PNG or WebP picture.",
          status: 400,
          errors: { file: ["The proof is not a PDF, or a JPEG, PNG or WebP picture."] },
        },
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    const user = userEvent.setup();
    renderForm();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send proof of payment" }));

    const chooser = screen.getByLabelText("Proof of payment");
    await waitFor(() => expect(chooser.getAttribute("aria-invalid")).toBe("true"));
    const described = (chooser.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent)
      .join(" ");
    expect(described).toContain("The proof is not a PDF, or a JPEG, PNG or WebP picture.");
    expect((screen.getByLabelText("Amount paid (R)") as HTMLInputElement).value).toBe("1 500,25");
    expect((screen.getByLabelText(/Reference on the payment/) as HTMLInputElement).value).toBe("CUS0001 Nov");
    expect(screen.queryByText(PROOF_SENT)).toBeNull();
  });

  it("refuses a file over 5 MB before sending anything, and asks for a file when none is chosen", async () => {
    const api = fakeFetch({ "GET /api/Payments/Proofs": { body: { items: [] } } });
    vi.stubGlobal("fetch", api.fetch);
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText("Amount paid (R)"), "200");
    await user.click(screen.getByRole("button", { name: "Send proof of payment" }));
    const chooser = screen.getByLabelText("Proof of payment");
    await waitFor(() => expect(chooser.getAttribute("aria-invalid")).toBe("true"));
    expect(document.activeElement).toBe(chooser);

    const big = new File([new Uint8Array(MAX_PROOF_BYTES + 1)], "scan.pdf", { type: "application/pdf" });
    await user.upload(chooser, big);
    expect(await screen.findByText("The file is 5.0 MB: choose one of 5 MB or less.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send proof of payment" }));
    await waitFor(() => expect(document.activeElement).toBe(chooser));
    expect(api.calls.filter((call) => call.route.startsWith("POST"))).toEqual([]);
  });

  it("lists the account's proofs: waiting, matched onto the statement, rejected with the reason", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/Payments/Proofs": {
          body: {
            items: [
              proof({ id: 3, amount: 99.5, bankReference: "June" }),
              proof({
                id: 2,
                amount: 2000,
                status: "Matched",
                decidedAt: "2026-11-22T08:00:00.000Z",
                paymentReference: "PAY-7K2M9Q4XAB",
              }),
              proof({
                id: 1,
                amount: 50,
                status: "Rejected",
                decidedAt: "2026-11-22T08:00:00.000Z",
                reason: "Not in our bank account",
              }),
            ],
          },
        },
      }).fetch,
    );
    renderForm();
    const list = await screen.findByRole("list", { name: "Proofs you sent" });
    const [waiting, matched, rejected] = within(list).getAllByRole("listitem");
    expect(within(waiting!).getByText("R99.50")).toBeTruthy();
    expect(within(waiting!).getByText("paid on 20-Nov-2026")).toBeTruthy();
    expect(within(waiting!).getByText("Waiting to be matched")).toBeTruthy();
    expect(waiting!.textContent).toContain("Sent 21-Nov-2026 14:05 by Thabo Mokoena");
    expect(within(matched!).getByText("On your statement as payment PAY-7K2M9Q4XAB.")).toBeTruthy();
    expect(within(rejected!).getByText("Rejected")).toBeTruthy();
    expect(within(rejected!).getByText("Not matched: Not in our bank account")).toBeTruthy();
  });
});
