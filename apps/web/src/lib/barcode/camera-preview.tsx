// The open camera scanner's picture and what it has read: the live preview with a red aiming
// line, a polite status naming the last code scanned, or the sentence that says why the camera
// cannot be used. Loaded with the dialog, not with the page.
import { useState } from "react";
import { CameraOff } from "lucide-react";
import { PreviewFrame, StartingCamera } from "./preview-frame";
import { useCameraScan } from "./use-camera-scan";

interface CameraPreviewProps {
  /** Stop at the first code (it closes the scanner). */
  once: boolean;
  onCode: (code: string) => void;
}

export function CameraPreview({ once, onCode }: CameraPreviewProps) {
  const [scanned, setScanned] = useState<{ code: string; count: number } | null>(null);
  const { video, camera } = useCameraScan(
    (code) => {
      onCode(code);
      setScanned((previous) => ({ code, count: (previous?.count ?? 0) + 1 }));
    },
    { once },
  );

  return (
    <>
      {camera.status === "stopped" ? (
        <p
          role="alert"
          className="mt-3 flex items-start gap-3 rounded-xl border border-line bg-surface-2 p-4"
        >
          <CameraOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
          {camera.reason}
        </p>
      ) : (
        <PreviewFrame>
          <video
            ref={video}
            aria-label="Camera picture"
            muted
            playsInline
            className={`size-full object-cover ${camera.status === "scanning" ? "" : "invisible"}`}
          />
          {camera.status === "scanning" ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-x-[8%] top-1/2 h-0.5 -translate-y-1/2 rounded-full bg-red-500 shadow-[0_0_6px_1px] shadow-red-500/70"
            />
          ) : (
            <StartingCamera />
          )}
        </PreviewFrame>
      )}
      {/* Counted, so a second scan of the same code is announced too. */}
      <p role="status" className="mt-3 min-h-6 font-semibold">
        {scanned && `Scanned ${scanned.code}${scanned.count > 1 ? ` (${scanned.count} scans)` : ""}`}
      </p>
    </>
  );
}
