// The staff's /applications: the undecided ones by default, each with what staff look at first;
// one opened with every detail, its documents fetched with the login's token and the warehouses
// nearest its pin; asking for more, approving (the nearest warehouse and the credit asked for to
// start with, liquor only with a licence) and declining with a reason, toasted; by keyboard.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast as sonnerToast } from "sonner";
import type { StaffApplication } from "@trade-shop/contracts/applications";
import { fakeFetch, logInAs, logOut, renderInShop } from "@/lib/testing/render";
import { screenIs } from "@/lib/testing/screen-width";
import { application, staffApplication } from "./application.fixture";
import { ApplicationsPage } from "./applications-page";

const summary = (over: Partial<ReturnType<typeof application>> = {}) => {
  const { id, reference, status, submittedAt, updatedAt, accountId, business, credit } = application(over);
  return {
    id,
    reference,
    status,
    submittedAt,
    updatedAt,
    accountId,
    businessName: business.businessName,
    kind: business.kind,
    city: business.address.city,
    creditRequested: credit?.requestedLimit ?? null,
    liquor: business.liquorLicence !== null,
  };
};

beforeEach(() => logInAs(["Staff"]));
afterEach(() => {
  act(() => void sonnerToast.dismiss());
  cleanup();
  logOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** fakeFetch, with every URL asked for kept (the query says which status the list shows). */
function withUrls(answers: Parameters<typeof fakeFetch>[0]) {
  const api = fakeFetch(answers);
  const urls: string[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return api.fetch(input, init);
  });
  return { ...api, urls };
}

function renderPage(route = "/applications") {
  render(<Toaster />);
  return renderInShop(<ApplicationsPage />, { route });
}

const LIST = {
  items: [
    summary(),
    summary({ id: 13, reference: "APP-99ZZ11", status: "Approved", accountId: "CUS0100" }),
    summary({ id: 14, reference: "APP-44AA22", status: "More information needed", credit: null }),
  ],
};

describe("ApplicationsPage", () => {
  it("lists the undecided applications by default, each with what staff look at first", async () => {
    screenIs(1280);
    const api = withUrls({ "GET /api/Applications": { body: LIST } });
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole("list", { name: "Applications" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("link").textContent)).toEqual([
      expect.stringContaining("APP-7K2M9Q"),
      expect.stringContaining("APP-44AA22"),
    ]);
    const first = items[0]!.textContent;
    expect(first).toContain("Mama Thandi's Spaza");
    expect(first).toContain("Spaza · Soweto");
    expect(first).toContain("Sent 21-Nov-2026 14:05");
    expect(first).toContain("Credit R20 000.00");
    expect(first).toContain("Liquor");
    expect(api.urls).toEqual(["/api/Applications"]);
    expect(screen.getByRole("button", { name: "Undecided" }).getAttribute("aria-pressed")).toBe("true");

    await user.click(screen.getByRole("button", { name: "Approved" }));
    expect(screen.getByLabelText("Current address").textContent).toBe("/applications?status=Approved");
    await waitFor(() => expect(api.urls.at(-1)).toBe("/api/Applications?status=Approved"));
  });

  it("opens one with every detail, its documents fetched with the login's token, and the warehouses nearest first", async () => {
    screenIs(390);
    const documents: { url: string; authorization: string | null }[] = [];
    const api = fakeFetch({
      "GET /api/Applications": { body: LIST },
      "GET /api/Applications/12": { body: staffApplication() },
    });
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.includes("/Documents/")) return api.fetch(input, init);
      documents.push({ url, authorization: new Headers(init?.headers).get("Authorization") });
      return new Response(new Blob(["%PDF-1.4"]), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": 'attachment; filename="thandi-id.pdf"',
        },
      });
    });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:document");
    vi.spyOn(URL, "revokeObjectURL").mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("link", { name: /APP-7K2M9Q/ }));
    expect(screen.getByLabelText("Current address").textContent).toBe("/applications?id=12");
    const panel = await screen.findByRole("article", { name: "Mama Thandi's Spaza" });
    const text = panel.textContent;
    for (const fact of [
      "Trading as Thandi's",
      "Thandi Nkosi",
      "0821234567",
      "thandi@spaza.test",
      "12 Vilakazi Street, Orlando West, Soweto",
      "Gauteng 1804",
      "-26.238000, 27.908000",
      "Tuesday",
      "4123456789",
      "GAU/00123/LL, expires 30-Jun-2027",
      "R20 000.00",
      "Soweto Wholesale, 0119876543",
    ])
      expect(text).toContain(fact);
    const warehouses = within(panel).getByRole("list", { name: "Warehouses, nearest first" });
    expect(
      within(warehouses)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Johannesburg (JHB)Nearest14 km", "Pretoria (PTA)72 km", "Durban (DBN)489 km"]);
    await user.click(within(panel).getByRole("button", { name: "Download ID or passport: thandi-id.pdf" }));
    await waitFor(() =>
      expect(documents).toEqual([
        { url: "/api/Applications/12/Documents/31", authorization: expect.stringMatching(/^Bearer /) },
      ]),
    );
    await user.click(screen.getByRole("link", { name: "Back to the list" }));
    expect(screen.getByLabelText("Current address").textContent).toBe("/applications");
  });

  it("approves with the nearest warehouse and the credit asked for to start with, liquor with the licence", async () => {
    screenIs(1280);
    let current: StaffApplication = staffApplication();
    const api = withUrls({
      "GET /api/Applications": { body: LIST },
      "GET /api/Applications/12": () => ({ body: current }),
      "POST /api/Applications/12/Approve": () => {
        current = staffApplication({
          status: "Approved",
          accountId: "CUS0100",
          decidedAt: "2026-11-23T07:30:00.000Z",
          decidedBy: "Pieter van der Merwe",
        });
        return { body: current };
      },
    });
    const user = userEvent.setup();
    renderPage("/applications?id=12");
    await user.click(await screen.findByRole("button", { name: "Approve…" }));
    const form = screen.getByRole("form", { name: "Approve Mama Thandi's Spaza" });
    expect(document.activeElement).toBe(within(form).getByLabelText("Price list"));
    expect((within(form).getByLabelText("Warehouse") as HTMLSelectElement).value).toBe("JHB");
    expect((within(form).getByLabelText("Credit limit (R)") as HTMLInputElement).value).toBe("20000");
    expect((within(form).getByLabelText("Sell it liquor") as HTMLInputElement).checked).toBe(true);
    await user.click(within(form).getByRole("button", { name: "Approve and invite the owner" }));
    expect(await within(form).findByText("Choose the price list")).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText("Price list"), "Spaza special");
    await user.clear(within(form).getByLabelText("Credit limit (R)"));
    await user.type(within(form).getByLabelText("Credit limit (R)"), "15 000");
    await user.click(within(form).getByRole("button", { name: "Approve and invite the owner" }));
    expect(await screen.findByText("Application approved")).toBeTruthy();
    expect(
      screen.getByText("Account CUS0100 is made for Mama Thandi's Spaza; its owner is invited by e-mail."),
    ).toBeTruthy();
    expect(api.calls.find((call) => call.route === "POST /api/Applications/12/Approve")!.body).toEqual({
      priceListId: 2,
      warehouseCode: "JHB",
      creditLimit: 15000,
      liquor: true,
    });
    expect(await screen.findByText(/by Pieter van der Merwe: account/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Approve…" })).toBeNull();
  });

  it("offers no liquor without a licence, and a limit of 0 when no credit was asked for", async () => {
    screenIs(1280);
    const plain = staffApplication({
      credit: null,
      business: { ...application().business, liquorLicence: null },
    });
    withUrls({ "GET /api/Applications": { body: LIST }, "GET /api/Applications/12": { body: plain } });
    const user = userEvent.setup();
    renderPage("/applications?id=12");
    await user.click(await screen.findByRole("button", { name: "Approve…" }));
    expect(screen.queryByLabelText("Sell it liquor")).toBeNull();
    expect(screen.getByText("No liquor: no licence was given.")).toBeTruthy();
    expect((screen.getByLabelText("Credit limit (R)") as HTMLInputElement).value).toBe("0");
  });

  it("asks for more information by keyboard, and declines only with a reason", async () => {
    screenIs(390);
    let current: StaffApplication = staffApplication();
    const api = withUrls({
      "GET /api/Applications": { body: LIST },
      "GET /api/Applications/12": () => ({ body: current }),
      "POST /api/Applications/12/AskForInformation": ({ body }) => {
        current = staffApplication({
          status: "More information needed",
          messages: [
            {
              from: "Staff",
              text: (body as { text: string }).text,
              at: "2026-11-22T08:00:00.000Z",
              by: "Pieter van der Merwe",
            },
          ],
        });
        return { body: current };
      },
      "POST /api/Applications/12/Decline": ({ body }) => {
        current = staffApplication({
          status: "Declined",
          decidedAt: "2026-11-23T07:30:00.000Z",
          declineReason: (body as { reason: string }).reason,
        });
        return { body: current };
      },
    });
    const user = userEvent.setup();
    renderPage("/applications?id=12");
    (await screen.findByRole("button", { name: "Ask for more information…" })).focus();
    await user.keyboard("{Enter}");
    const question = screen.getByLabelText("What do you need from the applicant? (e-mailed and sent by SMS)");
    expect(document.activeElement).toBe(question);
    await user.keyboard("Please send a proof of address.");
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Ask for more information" }));
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Asked for more information")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("list", { name: "Messages" }).textContent).toContain(
        "Please send a proof of address.",
      ),
    );

    await user.click(screen.getByRole("button", { name: "Decline…" }));
    await user.click(screen.getByRole("button", { name: "Decline application" }));
    expect(await screen.findByText("Say why it is declined")).toBeTruthy();
    expect(api.calls.filter((call) => call.route.endsWith("/Decline"))).toEqual([]);
    await user.type(
      screen.getByLabelText("Why is it declined? (the applicant is told)"),
      "We do not deliver to this area yet.",
    );
    await user.click(screen.getByRole("button", { name: "Decline application" }));
    expect(await screen.findByText("Application declined")).toBeTruthy();
    expect(api.calls.find((call) => call.route.endsWith("/Decline"))!.body).toEqual({
      reason: "We do not deliver to this area yet.",
    });
  });
});
