// The camera scanner's dialog around a stand-in camera and reader: a pack held in view is one
// scan, announced; the camera is released when the dialog closes; a refused or missing camera
// is a sentence in the dialog, not an error.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CameraScanButton } from "./camera-scan-button";

const reader = vi.hoisted(() => ({ read: vi.fn<() => Promise<string[]>>() }));
vi.mock("./open-gtin-reader", () => ({ openGtinReader: async () => reader }));

/** A camera whose one track records being stopped. */
function fakeCamera() {
  const track = { stop: vi.fn() };
  const stream = Object.assign(new MediaStream(), { getTracks: () => [track] });
  return { track, stream };
}

function useCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia } });
}

beforeEach(() => {
  Object.defineProperty(window, "isSecureContext", { configurable: true, value: true });
  // The stand-in camera's picture is there at once.
  vi.spyOn(HTMLMediaElement.prototype, "readyState", "get").mockReturnValue(4); // HAVE_ENOUGH_DATA
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  reader.read.mockReset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("CameraScanButton", () => {
  it("scans a pack held in view once, says so, and releases the camera on Done", async () => {
    const user = userEvent.setup();
    const { track, stream } = fakeCamera();
    useCamera(async () => stream);
    reader.read.mockResolvedValue(["6001234567899"]);
    const onScan = vi.fn();
    render(<CameraScanButton onScan={onScan} />);

    await user.click(screen.getByRole("button", { name: "Scan with camera" }));
    const dialog = screen.getByRole("dialog", { name: "Scan barcodes" });
    expect(await screen.findByText("Scanned 6001234567899")).toHaveProperty("role", "status");
    // Read again and again while it stays in view, it still counts once.
    await vi.waitFor(() => expect(reader.read.mock.calls.length).toBeGreaterThanOrEqual(3));
    expect(onScan.mock.calls).toEqual([["6001234567899"]]);
    expect(track.stop).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(dialog).toHaveProperty("open", false);
    expect(track.stop).toHaveBeenCalledOnce();
  });

  it("closes after the first code with closeOnScan", async () => {
    const user = userEvent.setup();
    const { track, stream } = fakeCamera();
    useCamera(async () => stream);
    reader.read.mockResolvedValue(["96385074"]);
    const onScan = vi.fn();
    render(<CameraScanButton onScan={onScan} label="Scan a barcode" iconOnly closeOnScan />);

    await user.click(screen.getByRole("button", { name: "Scan a barcode" }));
    await vi.waitFor(() => expect(onScan).toHaveBeenCalledWith("96385074"));
    // The scan comes from the reading loop, not an event: the dialog closes on the next render.
    await vi.waitFor(() => expect(track.stop).toHaveBeenCalledOnce());
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says so when camera access is refused", async () => {
    const user = userEvent.setup();
    useCamera(async () => {
      throw new DOMException("Permission denied", "NotAllowedError");
    });
    render(<CameraScanButton onScan={vi.fn()} />);

    await user.click(screen.getByRole("button", { name: "Scan with camera" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Camera access was refused\./);
  });

  it("says so when the page is not secure, without asking for the camera", async () => {
    const user = userEvent.setup();
    Object.defineProperty(window, "isSecureContext", { configurable: true, value: false });
    const getUserMedia = vi.fn();
    useCamera(getUserMedia);
    render(<CameraScanButton onScan={vi.fn()} />);

    await user.click(screen.getByRole("button", { name: "Scan with camera" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/secure \(https\) connection/);
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
