// The camera barcode scanner (decision 110): a button that opens a dialog with the
// camera's live picture and reads barcodes from it continuously, a beep and a buzz for each
// one, handing every valid GTIN to onScan (the quick order pad adds a pack per scan; the
// header's search opens the product, with closeOnScan). Only this shell is in the first page's
// JavaScript: the preview and its loop load when the dialog opens, the barcode reader after.
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Camera, ScanLine } from "lucide-react";
import { buttonClass } from "../ui/button-styles";
import { Dialog } from "../ui/dialog";
import { PreviewFrame, StartingCamera } from "./preview-frame";
import { openScanFeedback, type ScanFeedback } from "./scan-feedback";

const CameraPreview = lazy(() =>
  import("./camera-preview").then(({ CameraPreview }) => ({ default: CameraPreview })),
);

export interface CameraScanButtonProps {
  onScan: (code: string) => void;
  /** The button's text; "Scan with camera" by default. */
  label?: string;
  className?: string;
  /** Only the camera icon shows, the label being the button's accessible name; styled by className. */
  iconOnly?: boolean;
  /** Close after the first barcode read: a lookup rather than a run of scans. */
  closeOnScan?: boolean;
}

export function CameraScanButton({
  onScan,
  label = "Scan with camera",
  className = "",
  iconOnly = false,
  closeOnScan = false,
}: CameraScanButtonProps) {
  // The open scanner's beep and buzz, made in the press that opens it; null while it is closed.
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  useEffect(() => () => feedback?.close(), [feedback]);
  const done = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const close = () => setFeedback(null);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={iconOnly ? label : undefined}
        className={
          iconOnly
            ? `inline-flex items-center justify-center ${className}`
            : `${buttonClass("secondary")} ${className}`
        }
        onClick={() => setFeedback(openScanFeedback())}
      >
        <Camera aria-hidden="true" className="size-5 shrink-0" />
        {!iconOnly && label}
      </button>
      <Dialog
        open={feedback !== null}
        onClose={close}
        initialFocus={done}
        aria-labelledby={titleId}
        className="m-auto w-[min(30rem,calc(100vw-1rem))] rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/60"
      >
        <div className="p-4 sm:p-5">
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold">
            <ScanLine aria-hidden="true" className="size-5 shrink-0 text-brand" />
            {closeOnScan ? "Scan a barcode" : "Scan barcodes"}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {closeOnScan
              ? "Hold a pack's barcode up to the camera, across the red line."
              : "Hold each pack's barcode up to the camera, across the red line. Every beep is one more pack."}
          </p>
          <Suspense
            fallback={
              <PreviewFrame>
                <StartingCamera />
              </PreviewFrame>
            }
          >
            {feedback && (
              <CameraPreview
                once={closeOnScan}
                onCode={(code) => {
                  feedback.signal();
                  onScan(code);
                  if (closeOnScan) close();
                }}
              />
            )}
          </Suspense>
          <button ref={done} type="button" onClick={close} className={`${buttonClass()} mt-3 w-full`}>
            Done
          </button>
        </div>
      </Dialog>
    </>
  );
}
