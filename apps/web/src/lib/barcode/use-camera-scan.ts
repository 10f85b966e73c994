// The camera scanner's loop: opens the camera (the rear one where there is a choice) while the
// reader loads, shows the preview in the returned video ref's element, and reads it a few times a second, one reading at
// a time, handing each new code to `onCode` (only the first with `once`). Everything that can stop it (no secure page, no
// camera, access refused, no reader) ends as a sentence for the buyer. The camera is released
// when the scanner closes.
import { useEffect, useRef, useState, type RefObject } from "react";
import type { GtinReader } from "./gtin-reader";
import { newScanFilter } from "./same-pack-filter";

/** The pause between one reading's end and the next one's start. */
const SCAN_PAUSE_MS = 200;
/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame to read is there. */
const HAVE_CURRENT_DATA = 2;

export type CameraScanState =
  { status: "starting" } | { status: "scanning" } | { status: "stopped"; reason: string };

const NO_READER =
  "The barcode reader could not be loaded. Check the connection, then close this and try again.";

/** Why the camera cannot be asked for on this page at all, or null when it can. */
function cameraUnavailable(): string | null {
  if (!window.isSecureContext)
    return "The camera can only be used when the shop is opened over a secure (https) connection.";
  if (!navigator.mediaDevices?.getUserMedia)
    return "This browser cannot use a camera. Type the barcode into the box instead.";
  return null;
}

/** The buyer's sentence for a getUserMedia failure. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return "Camera access was refused. Allow this site to use the camera in the browser's settings, then try again.";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "No camera was found on this device.";
  if (name === "NotReadableError") return "The camera could not be started: another app may be using it.";
  return "The camera could not be started.";
}

function openCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}

async function loadReader(): Promise<GtinReader> {
  const { openGtinReader } = await import("./open-gtin-reader");
  return openGtinReader();
}

export function useCameraScan(
  onCode: (code: string) => void,
  { once = false }: { once?: boolean } = {},
): { video: RefObject<HTMLVideoElement | null>; camera: CameraScanState } {
  const video = useRef<HTMLVideoElement>(null);
  const [unavailable] = useState(cameraUnavailable);
  const [state, setState] = useState<CameraScanState>({ status: "starting" });
  const latestOnCode = useRef(onCode);
  useEffect(() => {
    latestOnCode.current = onCode;
  });

  useEffect(() => {
    if (unavailable) return;
    let closed = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const isNewScan = newScanFilter();
    const releaseCamera = () => stream?.getTracks().forEach((track) => track.stop());
    const stop = (reason: string) => {
      releaseCamera();
      if (!closed) setState({ status: "stopped", reason });
    };

    const scanFrames = async (reader: GtinReader) => {
      const preview = video.current;
      if (closed || !preview) return;
      // Until the first frame arrives there is nothing to read.
      if (preview.readyState >= HAVE_CURRENT_DATA) {
        const codes = await reader.read(preview);
        if (closed) return;
        const now = performance.now();
        for (const code of codes) {
          if (!isNewScan(code, now)) continue;
          latestOnCode.current(code);
          if (once) return;
        }
      }
      timer = setTimeout(() => {
        scanFrames(reader).catch(() => stop("The scanner stopped reading. Close it and try again."));
      }, SCAN_PAUSE_MS);
    };

    const start = async () => {
      // The reader loads while the buyer answers the browser's question about the camera.
      const loading = loadReader().then(
        (reader) => reader,
        () => null,
      );
      try {
        stream = await openCamera();
      } catch (error) {
        return stop(cameraProblem(error));
      }
      if (closed) return releaseCamera();
      const reader = await loading;
      if (!reader) return stop(NO_READER);
      const preview = video.current;
      if (closed || !preview) return releaseCamera();
      preview.srcObject = stream;
      await preview.play();
      if (closed) return;
      setState({ status: "scanning" });
      await scanFrames(reader);
    };
    start().catch(() => stop("The camera could not be started."));

    return () => {
      closed = true;
      clearTimeout(timer);
      releaseCamera();
    };
  }, [unavailable, once]);

  return { video, camera: unavailable ? { status: "stopped", reason: unavailable } : state };
}
