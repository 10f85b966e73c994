// The quick order pad's box (one line a product as people write it: "6 x coke 2l", a code, a
// barcode, a WhatsApp chat pasted whole) with
// what can fill it, a CSV or Excel file, a sample file, and "Check lines" (the camera sits by the
// finder, line-finder.tsx).
import { useId } from "react";
import { Download, ListChecks, ScanBarcode, Upload } from "lucide-react";
import { buttonClass } from "@/lib/ui/button-styles";
import { SAMPLE_CSV } from "./parse-lines";

interface PadFormProps {
  text: string;
  onTextChange: (text: string) => void;
  /** While the lines are on their way to the cart, the box is read-only. */
  readOnly: boolean;
  /** What is wrong with the box or the file. */
  formError: string | null;
  /** What the last scan or pick did. */
  scanned: string;
  /** A check is on its way. */
  checking: boolean;
  onCheck: () => void;
  onUpload: (file: File) => void;
}

export function PadForm(props: PadFormProps) {
  const { text, formError } = props;
  const id = useId();
  return (
    <form
      className="mt-4 grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        props.onCheck();
      }}
    >
      <label htmlFor={`${id}-lines`} className="font-semibold">
        Lines: what to order and how many
      </label>
      <textarea
        id={`${id}-lines`}
        value={text}
        readOnly={props.readOnly}
        onChange={(event) => props.onTextChange(event.target.value)}
        rows={8}
        spellCheck={false}
        placeholder={"6 x coke 2l\nCHP1374, 6\n6000012000375\t2\nbiltong chips 80g x 3"}
        aria-invalid={formError !== null && !formError.startsWith("Only the first")}
        aria-describedby={[formError ? `${id}-error` : "", `${id}-scanner`].join(" ").trim()}
        className="w-full rounded-lg border border-line bg-surface p-3 font-mono text-base text-fg"
      />
      {formError && (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger">
          {formError}
        </p>
      )}
      <p id={`${id}-scanner`} className="flex items-start gap-2 text-sm text-muted">
        <ScanBarcode aria-hidden="true" className="mt-0.5 size-4 shrink-0" />A USB or Bluetooth barcode
        scanner works anywhere on this page: scan, and the product goes on the pad, one pack a scan.
      </p>
      <p role="status" className="text-sm font-semibold empty:hidden">
        {props.scanned}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={buttonClass()} aria-disabled={props.checking}>
          <ListChecks aria-hidden="true" className="size-4" />
          {props.checking ? "Checking…" : "Check lines"}
        </button>
        <label className={`${buttonClass("secondary")} cursor-pointer focus-within:ring-2`}>
          <Upload aria-hidden="true" className="size-4" />
          Upload a CSV or Excel file
          <input
            type="file"
            accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) props.onUpload(file);
            }}
          />
        </label>
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`}
          download="quick-order-sample.csv"
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand underline-offset-4 hover:underline"
        >
          <Download aria-hidden="true" className="size-4" />
          Download a sample file
        </a>
      </div>
    </form>
  );
}
