// The application form at /apply: its sections, the contract's own messages under the fields,
// the pin from the phone's location, liquor and credit revealed when ticked, documents of 5 MB at
// most, the draft kept as it is typed (without files) and given back, the PIN to the e-mail and
// the application sent with it, the server's refusals under their fields with nothing lost,
// waiting offline, and the status link kept once it is sent.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast as sonnerToast } from "sonner";
import { CREDIT_CHECK_CONSENT } from "@trade-shop/contracts/applications";
import { resetConnectivity } from "@/lib/offline/connectivity";
import { fakeFetch, logOut, renderInShop } from "@/lib/testing/render";
import { screenIs } from "@/lib/testing/screen-width";
import { DRAFT_KEY } from "./application-draft";
import { STATUS_TOKEN_KEY } from "./application-queries";
import { application } from "./application.fixture";
import { APPLICATION_SENT, ApplyPage } from "./apply-page";
import { MAX_DOCUMENT_BYTES } from "@/lib/forms/document-file";

type User = ReturnType<typeof userEvent.setup>;

const PDF = (name = "thandi-id.pdf") => new File(["%PDF-1.4\n%%EOF\n"], name, { type: "application/pdf" });

beforeEach(() => {
  logOut();
  screenIs(390);
});
afterEach(() => {
  act(() => void sonnerToast.dismiss());
  cleanup();
  logOut();
  act(() => void window.dispatchEvent(new Event("online")));
  resetConnectivity();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  render(<Toaster />);
  return renderInShop(<ApplyPage />, { route: "/apply" });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

async function typeInto(user: User, label: string, text: string) {
  const input = field(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

/** A whole valid application: a spaza in Soweto that sells liquor, with its ID. */
async function fillIn(user: User) {
  await typeInto(user, "Business name", "Mama Thandi's Spaza");
  await user.selectOptions(field("Kind of business"), "Spaza");
  await typeInto(user, "VAT number (optional)", "4123456789");
  await typeInto(user, "Your name", "Thandi Nkosi");
  await typeInto(user, "Cellphone", "082 123 4567");
  await typeInto(user, "E-mail address", "thandi@spaza.test");
  await typeInto(user, "Street address", "12 Vilakazi Street");
  await typeInto(user, "Town or city", "Soweto");
  await user.selectOptions(field("Province"), "Gauteng");
  await typeInto(user, "Postal code", "1804");
  await typeInto(user, "Latitude", "-26.238");
  await typeInto(user, "Longitude", "27.908");
  await user.selectOptions(field("Delivery day"), "Tuesday");
  await user.click(field("I sell liquor"));
  await typeInto(user, "Licence number", "gau/00123/ll");
  await typeInto(user, "Licence expires on", "2099-06-30");
  await user.upload(field("Liquor licence"), PDF("licence.pdf"));
  await user.upload(field("ID or passport"), PDF());
  await screen.findByText(/thandi-id\.pdf \(/);
}

const receipt = { application: application(), statusToken: "status-secret-1" };
const PIN_SENT = { pinKey: "pin-key-1", sentTo: "t*****@spaza.test" };

describe("ApplyPage", () => {
  it("asks in sections, each field labelled, with the contract's messages under the fields", async () => {
    const user = userEvent.setup();
    renderPage();
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      "Your business",
      "Who we speak to",
      "Delivery address",
      "Liquor",
      "Documents",
      "Credit (optional)",
      "Check your e-mail and send",
    ]);
    await typeInto(user, "VAT number (optional)", "123");
    await typeInto(user, "Company registration (CIPC) (optional)", "2015-123");
    await typeInto(user, "Cellphone", "12345");
    await user.tab();
    expect(await screen.findByText("A VAT number has 10 digits and starts with 4")).toBeTruthy();
    // Each field is checked as it is left, and each message renders in an update of its own: on a
    // machine busy with other suites they need not all be in yet.
    expect(
      await screen.findByText("Give the registration number as on the CIPC certificate, e.g. 2015/123456/07"),
    ).toBeTruthy();
    expect(await screen.findByText("Enter a cellphone number such as 082 123 4567")).toBeTruthy();
    expect(field("VAT number (optional)").getAttribute("aria-invalid")).toBe("true");
  });

  it("sets the pin from the phone's location, and says why when the phone refuses", async () => {
    let answer: "found" | "refused" = "found";
    vi.stubGlobal("navigator", {
      ...navigator,
      onLine: true,
      geolocation: {
        getCurrentPosition: (
          found: PositionCallback,
          failed: (error: Pick<GeolocationPositionError, "code" | "PERMISSION_DENIED">) => void,
        ) => {
          if (answer === "found")
            found({
              coords: { latitude: -26.2380123, longitude: 27.9080456, accuracy: 11.6 },
            } as GeolocationPosition);
          else failed({ code: 1, PERMISSION_DENIED: 1 });
        },
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("button", { name: "Use my location" }));
    expect(field("Latitude").value).toBe("-26.238012");
    expect(field("Longitude").value).toBe("27.908046");
    expect(screen.getByText("Pin set from your phone's location, to about 12 m.")).toBeTruthy();
    answer = "refused";
    await user.click(screen.getByRole("button", { name: "Use my location" }));
    expect(screen.getByText(/Your phone did not let us read its location/)).toBeTruthy();
  });

  it("asks for the licence when the shop sells liquor, and refuses a file over 5 MB before sending", async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.queryByLabelText("Licence number")).toBeNull();
    await user.click(field("I sell liquor"));
    await typeInto(user, "Licence number", "GAU-123");
    await user.tab();
    expect(
      await screen.findByText("Give the licence number as on the licence, e.g. GAU/00123/LL"),
    ).toBeTruthy();

    const big = new File([new Uint8Array(MAX_DOCUMENT_BYTES + 1)], "scan.pdf", { type: "application/pdf" });
    await user.upload(field("Liquor licence"), big);
    expect(await screen.findByText("The file is 5.0 MB: choose one of 5 MB or less.")).toBeTruthy();
    await user.upload(field("Liquor licence"), PDF("licence.pdf"));
    await waitFor(() =>
      expect(screen.queryByText("The file is 5.0 MB: choose one of 5 MB or less.")).toBeNull(),
    );
    await user.click(screen.getByRole("button", { name: "Remove licence.pdf" }));
    expect(screen.queryByText(/licence\.pdf/)).toBeNull();
  });

  it("offers credit with the consent's words in full and up to three trade references", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(field("I want to apply for credit"));
    expect(screen.getByLabelText(CREDIT_CHECK_CONSENT)).toBeTruthy();
    await typeInto(user, "Credit limit you ask for (R)", "500");
    await user.tab();
    expect(await screen.findByText("Ask for R1 000 to R5 000 000")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add a reference" }));
    await user.click(screen.getByRole("button", { name: "Add a reference" }));
    expect(screen.getByLabelText("Reference 3: supplier")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add a reference" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Remove reference 3" }));
    expect(screen.queryByLabelText("Reference 3: supplier")).toBeNull();
  });

  it("keeps what is typed (not the files) on the phone, gives it back on reload, and starts again on request", async () => {
    const user = userEvent.setup();
    const first = renderPage();
    await typeInto(user, "Business name", "Mama Thandi's Spaza");
    await user.click(field("I sell liquor"));
    await typeInto(user, "Licence number", "GAU/00123/LL");
    await user.upload(field("ID or passport"), PDF());
    await screen.findByText(/thandi-id\.pdf \(/);
    const kept = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? "{}") as Record<string, unknown>;
    expect(kept).toMatchObject({
      businessName: "Mama Thandi's Spaza",
      sellsLiquor: true,
      licenceNumber: "GAU/00123/LL",
    });
    expect(JSON.stringify(kept)).not.toContain("data:");
    expect(JSON.stringify(kept)).not.toContain("thandi-id.pdf");
    first.unmount();

    renderPage();
    expect(screen.getByText("We kept what you typed on this phone")).toBeTruthy();
    expect(screen.getByText("Choose your documents again: files are not kept.")).toBeTruthy();
    expect(field("Business name").value).toBe("Mama Thandi's Spaza");
    expect(field("Licence number").value).toBe("GAU/00123/LL");
    await user.click(screen.getByRole("button", { name: "Start again with an empty form" }));
    expect(field("Business name").value).toBe("");
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it("checks everything before a PIN goes to the e-mail, then sends the application with it", async () => {
    const api = fakeFetch({
      "POST /api/Applications/Pin": { body: PIN_SENT },
      "POST /api/Applications": { body: receipt },
    });
    vi.stubGlobal("fetch", api.fetch);
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("button", { name: "Send me a PIN" }));
    expect(await screen.findByText("Enter the business's registered or trading name")).toBeTruthy();
    // The first field in error takes the focus once the messages have rendered.
    await waitFor(() => expect(document.activeElement).toBe(field("Business name")), { timeout: 5000 });
    expect(screen.getByText("Choose the kind of business")).toBeTruthy();
    expect(screen.getByText("Tap “Use my location” at the shop, or type the latitude")).toBeTruthy();
    expect(api.calls).toEqual([]);

    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send me a PIN" }));
    expect(await screen.findByText(PIN_SENT.sentTo)).toBeTruthy();
    expect(api.calls).toEqual([
      { route: "POST /api/Applications/Pin", body: { email: "thandi@spaza.test" } },
    ]);
    // Focused once the PIN's answer has rendered its field: on a machine busy with other suites
    // that can take longer than waitFor's default second.
    await waitFor(() => expect(document.activeElement).toBe(field("PIN")), { timeout: 5000 });
    await user.paste("123456");
    await user.click(screen.getByRole("button", { name: "Send application" }));

    await waitFor(
      () =>
        expect(screen.getByLabelText("Current address").textContent).toBe(
          "/apply/status?token=status-secret-1",
        ),
      { timeout: 5000 },
    );
    const sent = api.calls.find((call) => call.route === "POST /api/Applications")!.body as {
      business: Record<string, unknown>;
      documents: { kind: string; fileName: string; file: string }[];
      credit: unknown;
      pinKey: string;
      pin: string;
    };
    // What the contract's schema made of what was typed: the number as written, the licence in capitals.
    expect(sent.business).toMatchObject({
      businessName: "Mama Thandi's Spaza",
      kind: "Spaza",
      mobile: "0821234567",
      address: { line1: "12 Vilakazi Street", city: "Soweto", province: "Gauteng", postalCode: "1804" },
      latitude: -26.238,
      longitude: 27.908,
      deliveryDay: "Tuesday",
      vatNumber: "4123456789",
      liquorLicence: { number: "GAU/00123/LL", expiresOn: "2099-06-30" },
    });
    expect(sent.documents.map((document) => [document.kind, document.fileName])).toEqual([
      ["id", "thandi-id.pdf"],
      ["liquor_licence", "licence.pdf"],
    ]);
    expect(sent.documents[0]!.file).toMatch(/^data:application\/pdf;base64,/);
    expect(sent).toMatchObject({ credit: null, pinKey: "pin-key-1", pin: "123456" });
    expect(localStorage.getItem(STATUS_TOKEN_KEY)).toBe("status-secret-1");
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(await screen.findByText(APPLICATION_SENT)).toBeTruthy();
  });

  it("shows the server's refusals under their fields, a document's too, and keeps everything", async () => {
    const api = fakeFetch({
      "POST /api/Applications/Pin": { body: PIN_SENT },
      "POST /api/Applications": {
        status: 400,
        body: {
          type: "/problems/validation",
          code: "validation",
          title: "One or more fields are invalid",
          status: 400,
          errors: {
            "business.vatNumber": ["This VAT number is not registered with SARS"],
            "documents.1.file": ["The liquor licence is not a PDF, or a JPEG, PNG or WebP picture"],
          },
        },
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    const user = userEvent.setup();
    renderPage();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send me a PIN" }));
    await screen.findByText(PIN_SENT.sentTo);
    await typeInto(user, "PIN", "123456");
    await user.click(screen.getByRole("button", { name: "Send application" }));

    expect(await screen.findAllByText("This VAT number is not registered with SARS")).not.toHaveLength(0);
    await waitFor(() => expect(field("VAT number (optional)").getAttribute("aria-invalid")).toBe("true"));
    const licence = field("Liquor licence");
    expect(licence.getAttribute("aria-invalid")).toBe("true");
    const described = (licence.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent)
      .join(" ");
    expect(described).toContain("The liquor licence is not a PDF, or a JPEG, PNG or WebP picture");
    expect(field("Business name").value).toBe("Mama Thandi's Spaza");
    expect(field("PIN").value).toBe("123456");
    expect(screen.getByText(/thandi-id\.pdf/)).toBeTruthy();
    expect(screen.getByLabelText("Current address").textContent).toBe("/apply");
  });

  it("waits while offline, says so, and sends as soon as the phone is back online", async () => {
    const api = fakeFetch({
      "POST /api/Applications/Pin": { body: PIN_SENT },
      "POST /api/Applications": { body: receipt },
    });
    vi.stubGlobal("fetch", api.fetch);
    const user = userEvent.setup();
    renderPage();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send me a PIN" }));
    await screen.findByText(PIN_SENT.sentTo);
    await typeInto(user, "PIN", "123456");

    act(() => void window.dispatchEvent(new Event("offline")));
    const sendPart = screen.getByRole("region", { name: "Check your e-mail and send" });
    expect(within(sendPart).getByText("You are offline")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send application" }));
    expect(await screen.findByText("Waiting for a connection")).toBeTruthy();
    expect(api.calls.filter((call) => call.route === "POST /api/Applications")).toEqual([]);

    act(() => void window.dispatchEvent(new Event("online")));
    await waitFor(() =>
      expect(screen.getByLabelText("Current address").textContent).toBe(
        "/apply/status?token=status-secret-1",
      ),
    );
    expect(api.calls.filter((call) => call.route === "POST /api/Applications")).toHaveLength(1);
  });
});
