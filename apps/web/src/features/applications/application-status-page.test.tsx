// The applicant's /apply/status: opened by the link's token (or the one kept on this phone) sent
// as X-Application-Token; the reference and status in words, staff's messages and the replies,
// the documents downloaded with the token and more added, credit applied for later; approved
// says the invitation is on its way, declined says why; a link that opens nothing says so.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast as sonnerToast } from "sonner";
import { CREDIT_CHECK_CONSENT, type Application } from "@trade-shop/contracts/applications";
import { fakeFetch, logOut, renderInShop } from "@/lib/testing/render";
import { screenIs } from "@/lib/testing/screen-width";
import { STATUS_TOKEN_KEY } from "./application-queries";
import { application } from "./application.fixture";
import { ApplicationStatusPage } from "./application-status-page";

beforeEach(() => {
  logOut();
  screenIs(390);
});
afterEach(() => {
  act(() => void sonnerToast.dismiss());
  cleanup();
  logOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** fakeFetch with the X-Application-Token of every call kept. */
function withTokens(answers: Parameters<typeof fakeFetch>[0]) {
  const api = fakeFetch(answers);
  const tokens: (string | null)[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    tokens.push(new Headers(init?.headers).get("X-Application-Token"));
    return api.fetch(input, init);
  });
  return { ...api, tokens };
}

function renderPage(route = "/apply/status?token=link-secret") {
  render(<Toaster />);
  return renderInShop(<ApplicationStatusPage />, { route });
}

const waiting = (): Application =>
  application({
    status: "More information needed",
    messages: [
      {
        from: "Staff",
        text: "Please send a proof of address in the business's name.",
        at: "2026-11-22T08:00:00.000Z",
        by: "Pieter van der Merwe",
      },
    ],
  });

describe("ApplicationStatusPage", () => {
  it("opens the application with the link's token, says where it stands, and keeps the token", async () => {
    const api = withTokens({ "GET /api/Applications/Mine": { body: waiting() } });
    renderPage();
    expect(await screen.findByText("APP-7K2M9Q")).toBeTruthy();
    expect(screen.getAllByText("More information needed").length).toBeGreaterThan(0);
    expect(screen.getByText("We need more from you")).toBeTruthy();
    const messages = screen.getByRole("list", { name: "Messages" });
    expect(messages.textContent).toContain("Pieter van der Merwe, Trade Shop");
    expect(messages.textContent).toContain("22-Nov-2026 10:00");
    expect(messages.textContent).toContain("Please send a proof of address in the business's name.");
    const documents = screen.getByRole("list", { name: "Documents" });
    expect(documents.textContent).toContain("ID or passport");
    expect(documents.textContent).toContain("thandi-id.pdf");
    expect(screen.getByText("R20 000.00")).toBeTruthy();
    expect(api.tokens).toEqual(["link-secret"]);
    await waitFor(() => expect(localStorage.getItem(STATUS_TOKEN_KEY)).toBe("link-secret"));
  });

  it("opens the application kept on this phone without a link, and says when there is none", async () => {
    const api = withTokens({ "GET /api/Applications/Mine": { body: application() } });
    const first = renderPage("/apply/status");
    expect(await screen.findByText(/This phone has no application of yours/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Apply for an account" }).getAttribute("href")).toBe("/apply");
    expect(api.calls).toEqual([]);
    first.unmount();

    localStorage.setItem(STATUS_TOKEN_KEY, "kept-secret");
    renderPage("/apply/status");
    expect(await screen.findByText("APP-7K2M9Q")).toBeTruthy();
    expect(screen.getByText(/We have your application and are checking it/)).toBeTruthy();
    expect(api.tokens).toEqual(["kept-secret"]);
    // Nothing to reply to until staff write.
    expect(screen.getByText(/No messages yet/)).toBeTruthy();
    expect(screen.queryByLabelText("Your reply")).toBeNull();
  });

  it("says so when the link opens no application", async () => {
    withTokens({
      "GET /api/Applications/Mine": {
        status: 404,
        body: { type: "/problems/not_found", code: "not_found", title: "Not found", status: 404 },
      },
    });
    renderPage();
    expect(await screen.findByText(/This link does not open an application/)).toBeTruthy();
  });

  it("replies to staff and adds a document, each with the token", async () => {
    let current = waiting();
    const api = withTokens({
      "GET /api/Applications/Mine": () => ({ body: current }),
      "POST /api/Applications/Mine/Reply": ({ body }) => {
        current = {
          ...current,
          messages: [
            ...current.messages,
            {
              from: "Applicant",
              text: (body as { text: string }).text,
              at: "2026-11-22T09:00:00.000Z",
              by: null,
            },
          ],
        };
        return { body: current };
      },
      "POST /api/Applications/Mine/Documents": () => {
        current = {
          ...current,
          documents: [
            ...current.documents,
            {
              id: 32,
              kind: "proof_of_address",
              fileName: "lease.pdf",
              contentType: "application/pdf",
              uploadedAt: "2026-11-22T09:05:00.000Z",
            },
          ],
        };
        return { body: current };
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText("Your reply"), "The lease is attached.");
    await user.click(screen.getByRole("button", { name: "Reply" }));
    expect(await screen.findByText("Reply sent")).toBeTruthy();
    const messages = screen.getByRole("list", { name: "Messages" });
    await waitFor(() => expect(within(messages).getByText("The lease is attached.")).toBeTruthy());
    expect(within(messages).getByText("You")).toBeTruthy();
    expect((screen.getByLabelText("Your reply") as HTMLTextAreaElement).value).toBe("");

    await user.click(screen.getByRole("button", { name: "Add documents" }));
    const form = screen.getByRole("form", { name: "Add documents" });
    await user.click(within(form).getByRole("button", { name: "Send documents" }));
    expect(await within(form).findByText("Choose a document")).toBeTruthy();
    await user.upload(
      within(form).getByLabelText("Proof of address (optional)"),
      new File(["%PDF-1.4\n"], "lease.pdf", { type: "application/pdf" }),
    );
    await within(form).findByText(/lease\.pdf \(/);
    await user.click(within(form).getByRole("button", { name: "Send documents" }));
    expect(await screen.findByText("Document sent")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("list", { name: "Documents" }).textContent).toContain("lease.pdf"),
    );
    expect(screen.queryByRole("form", { name: "Add documents" })).toBeNull();
    const sent = api.calls.find((call) => call.route === "POST /api/Applications/Mine/Documents")!.body as {
      documents: { kind: string; fileName: string; file: string }[];
    };
    expect(sent.documents).toEqual([
      {
        kind: "proof_of_address",
        fileName: "lease.pdf",
        file: expect.stringMatching(/^data:application\/pdf;base64,/),
      },
    ]);
    expect(new Set(api.tokens)).toEqual(new Set(["link-secret"]));
  });

  it("applies for credit when none was asked for, with the consent", async () => {
    let current = application({ credit: null });
    const api = withTokens({
      "GET /api/Applications/Mine": () => ({ body: current }),
      "POST /api/Applications/Mine/Credit": () => {
        current = application();
        return { body: current };
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Apply for credit" }));
    await user.type(screen.getByLabelText("Credit limit you ask for (R)"), "20 000");
    await user.type(screen.getByLabelText("The business's bank"), "FNB");
    await user.type(screen.getByLabelText("Account holder"), "Mama Thandi's Spaza");
    await user.click(screen.getByRole("button", { name: "Send credit application" }));
    expect(await screen.findByText("Tick the box to agree to the credit check")).toBeTruthy();
    await user.click(screen.getByLabelText(CREDIT_CHECK_CONSENT));
    await user.click(screen.getByRole("button", { name: "Send credit application" }));
    expect(await screen.findByText("Credit application sent")).toBeTruthy();
    expect(api.calls.find((call) => call.route === "POST /api/Applications/Mine/Credit")!.body).toEqual({
      credit: {
        requestedLimit: 20000,
        bankName: "FNB",
        accountHolder: "Mama Thandi's Spaza",
        tradeReferences: [],
        consent: true,
      },
    });
    expect(await screen.findByText("R20 000.00")).toBeTruthy();
  });

  it("approved: the invitation is on its way and the way to log in; declined: why; neither takes replies", async () => {
    withTokens({
      "GET /api/Applications/Mine": {
        body: application({
          status: "Approved",
          accountId: "CUS0100",
          decidedAt: "2026-11-23T07:30:00.000Z",
        }),
      },
    });
    const first = renderPage();
    expect(await screen.findByText("Approved: welcome to Trade Shop")).toBeTruthy();
    expect(screen.getByText(/We are e-mailing/).textContent).toContain("thandi@spaza.test");
    expect(screen.getByText("CUS0100")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByLabelText("Your reply")).toBeNull();
    expect(screen.queryByRole("form", { name: "Add documents" })).toBeNull();
    first.unmount();

    withTokens({
      "GET /api/Applications/Mine": {
        body: application({
          status: "Declined",
          decidedAt: "2026-11-23T07:30:00.000Z",
          declineReason: "We do not deliver to this area yet.",
        }),
      },
    });
    renderPage();
    expect(await screen.findByText("We do not deliver to this area yet.")).toBeTruthy();
    expect(screen.queryByLabelText("Your reply")).toBeNull();
  });

  it("downloads a document with the token and saves it under the server's name", async () => {
    const list = fakeFetch({ "GET /api/Applications/Mine": { body: application() } });
    const seen: { url: string; token: string | null }[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.includes("/Documents/")) return list.fetch(input, init);
      seen.push({ url, token: new Headers(init?.headers).get("X-Application-Token") });
      return new Response(new Blob(["%PDF-1.4"], { type: "application/pdf" }), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": 'attachment; filename="thandi-id.pdf"',
        },
      });
    });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:document");
    vi.spyOn(URL, "revokeObjectURL").mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Download ID or passport: thandi-id.pdf" }));
    await waitFor(() => expect(saved).toEqual(["thandi-id.pdf"]));
    expect(seen).toEqual([{ url: "/api/Applications/Mine/Documents/31", token: "link-secret" }]);
  });
});
