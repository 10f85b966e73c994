import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast as sonnerToast } from "sonner";
import { ShareLines } from "./share-lines";

const lines = [
  { quantity: 6, skuCode: "CHP1374", description: "Simba Chips Salted 125g" },
  // What a URL would misread unencoded: an ampersand, a hash, a plus and a percent.
  { quantity: 2, skuCode: "BEV1291", description: "Coke & Fanta #2 + 50% more" },
];
const text = "6 x CHP1374 Simba Chips Salted 125g\n2 x BEV1291 Coke & Fanta #2 + 50% more";

/** Gives the page navigator.share (a phone's browser) until the test ends. */
function withShareSheet(share: (data: ShareData) => Promise<void>) {
  Object.defineProperty(navigator, "share", { value: share, configurable: true, writable: true });
}

afterEach(() => {
  act(() => void sonnerToast.dismiss());
  cleanup();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "share");
});

describe("ShareLines", () => {
  it("links a WhatsApp message holding the lines, a line per product, opened in a new tab", () => {
    render(<ShareLines title="Share this cart" lines={lines} />);
    expect(screen.getByRole("group", { name: "Share this cart" })).toBeTruthy();
    const whatsApp = screen.getByRole("link", { name: "Send by WhatsApp (opens in a new tab)" });
    const href = whatsApp.getAttribute("href")!;
    expect(href).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
    expect(href).not.toMatch(/[ &#+\n]/);
    expect(new URL(href).searchParams.get("text")).toBe(text);
    expect(whatsApp.getAttribute("target")).toBe("_blank");
    expect(whatsApp.getAttribute("rel")).toBe("noopener");
  });

  it("offers the share sheet only where the browser has one, and hands it the text", async () => {
    const { unmount } = render(<ShareLines title="Share this cart" lines={lines} />);
    expect(screen.queryByRole("button", { name: "Share" })).toBeNull();
    unmount();

    const share = vi.fn((_data: ShareData) => Promise.resolve());
    withShareSheet(share);
    render(<ShareLines title="Share this cart" lines={lines} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledExactlyOnceWith({ text });
  });

  it("says nothing when the buyer closes the share sheet, and says so when sharing fails", async () => {
    render(<Toaster />);
    const share = vi
      .fn((_data: ShareData) => Promise.resolve())
      .mockRejectedValueOnce(new DOMException("Share canceled", "AbortError"))
      .mockRejectedValueOnce(new DOMException("Not allowed", "NotAllowedError"));
    withShareSheet(share);
    render(<ShareLines title="Share this cart" lines={lines} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Share" }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(screen.queryByText("Couldn't share")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Share" }));
    await screen.findByText("Couldn't share");
  });

  it("copies a link to the quick order pad filled with the lines, from the keyboard", async () => {
    render(<Toaster />);
    render(<ShareLines title="Share this cart" lines={lines} />);
    const user = userEvent.setup();
    // user-event's own clipboard stands in for the browser's from setup() on.
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    await user.tab(); // the WhatsApp link (no share sheet here)
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Copy link" }));
    await user.keyboard("{Enter}");
    const link = `${window.location.origin}/quick-order?lines=${encodeURIComponent(text)}`;
    await waitFor(() => expect(writeText).toHaveBeenCalledExactlyOnceWith(link));
    await expect(navigator.clipboard.readText()).resolves.toBe(link);
    expect(new URL(link).searchParams.get("lines")).toBe(text);
    await screen.findByText("Link copied");
    expect(screen.getByText(/quick order pad with these 2 lines/)).toBeTruthy();
  });

  it("shows the link to copy by hand when the browser refuses the clipboard", async () => {
    render(<ShareLines title="Share this cart" lines={lines} />);
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(
      new DOMException("Denied", "NotAllowedError"),
    );
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    const field = await screen.findByRole<HTMLInputElement>("textbox", { name: /copy this link yourself/ });
    expect(field.value).toBe(`${window.location.origin}/quick-order?lines=${encodeURIComponent(text)}`);
    expect(field.readOnly).toBe(true);
  });

  it("names each control after its list where a page holds several", () => {
    withShareSheet(() => Promise.resolve());
    render(<ShareLines title="Share Weekly stock-up" name="Weekly stock-up" lines={lines} />);
    expect(screen.getByRole("button", { name: "Share: Weekly stock-up" })).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Send by WhatsApp: Weekly stock-up (opens in a new tab)" }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy link: Weekly stock-up" })).toBeTruthy();
  });

  it("shows nothing for no lines", () => {
    const { container } = render(<ShareLines title="Share this cart" lines={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
