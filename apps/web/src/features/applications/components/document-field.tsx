// One document of an application (ID or passport, proof of address, company registration, the
// liquor licence): a PDF or a picture of at most 5 MB, read in the browser as a data URL and
// checked again by the server by what its bytes are. Too large or unreadable is said under the
// chooser at once, before anything is sent; "Remove" takes a chosen file back out.
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useFormContext, useWatch, type FieldError } from "react-hook-form";
import { FileUp, X } from "lucide-react";
import { DOCUMENT_LABELS, type DocumentKind } from "@trade-shop/contracts/applications";
import { FieldErrorText, hintClass, labelClass, useFieldIds } from "@/lib/ui/form-controls";
import {
  DOCUMENT_ACCEPT,
  readChosenDocument,
  sizeText,
  type ChosenDocument,
} from "@/lib/forms/document-file";
import { DOCUMENT_FIELDS } from "../application-fields";

interface DocumentFieldProps {
  kind: DocumentKind;
  hint?: string;
  optional?: boolean;
  className?: string;
}

export function DocumentField({ kind, hint, optional = false, className = "" }: DocumentFieldProps) {
  const names = DOCUMENT_FIELDS[kind];
  const { register, setValue, trigger, formState } = useFormContext();
  const input = useRef<HTMLInputElement>(null);
  // A file input holds no text: the values are set by hand, and registered with this stand-in so
  // a refused submit still focuses the chooser when it is what is wrong.
  useEffect(() => {
    const chooser = { focus: () => input.current?.focus() };
    for (const name of Object.values(names)) register(name).ref(chooser);
  }, [register, names]);
  const errors = formState.errors;
  const error = (errors[names.problem] ?? errors[names.file] ?? errors[names.fileName]) as
    FieldError | undefined;
  const ids = useFieldIds(true, error);
  const [size, setSize] = useState<number | null>(null);
  const fileName = useWatch({ name: names.fileName }) as string;

  const set = (values: ChosenDocument) => {
    setValue(names.problem, values.problem);
    setValue(names.fileName, values.fileName);
    setValue(names.file, values.file);
    void trigger([names.problem, names.file, names.fileName]);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setSize(file ? file.size : null);
    set(await readChosenDocument(file));
  };

  const remove = () => {
    if (input.current) input.current.value = "";
    setSize(null);
    set({ file: "", fileName: "", problem: "" });
    input.current?.focus();
  };

  return (
    <div className={className}>
      <label htmlFor={ids.id} className={labelClass}>
        {DOCUMENT_LABELS[kind]}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      <p id={ids.hintId} className={hintClass}>
        {hint ? `${hint} ` : ""}A PDF, or a photo (JPEG, PNG or WebP), 5 MB at most.
      </p>
      <input
        {...ids.control}
        ref={input}
        type="file"
        accept={DOCUMENT_ACCEPT}
        onChange={(event) => void choose(event)}
        className="mt-1.5 block min-h-11 w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 text-base text-fg file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-surface-2 file:px-3 file:font-semibold file:text-fg"
      />
      {fileName && (
        <div className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-muted">
          <FileUp aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 break-all">
            {fileName}
            {size !== null && ` (${sizeText(size)})`}
          </span>
          <button
            type="button"
            onClick={remove}
            aria-label={`Remove ${fileName}`}
            className="inline-flex min-h-11 items-center gap-1 px-2 font-semibold text-brand underline-offset-4 hover:underline"
          >
            <X aria-hidden="true" className="size-4" />
            Remove
          </button>
        </div>
      )}
      <FieldErrorText id={ids.errorId} error={error} />
    </div>
  );
}
