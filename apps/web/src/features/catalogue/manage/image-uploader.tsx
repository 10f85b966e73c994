// Adding pictures to a product: choose several files, see them, drop any, upload them together
// as data URLs (UploadProductImages). The browser refuses obvious mistakes at once; the server
// checks the bytes and has the last word.
import { useId, useRef, useState } from "react";
import { ImagePlus, X } from "lucide-react";
import { buttonClass } from "@/lib/ui/button-styles";
import { useUploadProductImages } from "../api/staff-edits";
import {
  ACCEPTED_IMAGE_TYPES,
  checkImageFiles,
  formatFileSize,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_UPLOAD,
} from "./image-files";

interface ChosenImage {
  key: string;
  name: string;
  type: string;
  size: number;
  dataUrl: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read.`));
    reader.readAsDataURL(file);
  });
}

export function ImageUploader({ skuCode }: { skuCode: string }) {
  const upload = useUploadProductImages();
  const [chosen, setChosen] = useState<ChosenImage[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const choose = async (files: File[]) => {
    const check = checkImageFiles(files, chosen);
    const read = await Promise.allSettled(check.accepted.map(readAsDataUrl));
    const added: ChosenImage[] = [];
    const unreadable: string[] = [];
    read.forEach((result, index) => {
      const file = check.accepted[index]!;
      if (result.status === "fulfilled") {
        added.push({
          key: `${file.name}-${file.lastModified}-${file.size}-${index}`,
          name: file.name,
          type: file.type,
          size: file.size,
          dataUrl: result.value,
        });
      } else {
        unreadable.push(`${file.name} could not be read.`);
      }
    });
    setChosen((current) => [...current, ...added]);
    setProblems([...check.problems, ...unreadable]);
  };

  const remove = (key: string) => setChosen((current) => current.filter((image) => image.key !== key));

  const send = () =>
    upload.mutate(
      { skuCode, src: chosen.map((image) => image.dataUrl) },
      {
        onSuccess: () => {
          setChosen([]);
          setProblems([]);
        },
      },
    );

  const count = chosen.length;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-files`} className="text-sm font-semibold text-fg">
          Choose pictures
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          PNG, JPEG, WebP or GIF, up to {formatFileSize(MAX_IMAGE_BYTES)} each, {MAX_IMAGES_PER_UPLOAD} at a
          time.
        </p>
        <input
          ref={input}
          id={`${id}-files`}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          aria-describedby={`${id}-hint`}
          disabled={upload.isPending}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            // Cleared so choosing the same file again still counts as a change.
            event.target.value = "";
            if (files.length > 0) void choose(files);
          }}
          className="w-full max-w-full text-sm text-fg file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-line file:bg-surface-2 file:px-4 file:font-semibold file:text-fg"
        />
      </div>

      {problems.length > 0 && (
        <ul
          role="alert"
          className="flex flex-col gap-1 rounded-lg border border-danger/40 p-3 text-sm font-semibold text-danger"
        >
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}

      {count > 0 && (
        <ul aria-label="Pictures to upload" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {chosen.map((image) => (
            <li
              key={image.key}
              className="flex flex-col overflow-hidden rounded-lg border border-line bg-surface"
            >
              <img
                src={image.dataUrl}
                alt={`Preview of ${image.name}`}
                className="aspect-square w-full bg-white object-contain"
              />
              <span className="truncate px-1.5 pt-1 text-xs text-fg" title={image.name}>
                {image.name}
              </span>
              <span className="px-1.5 text-xs text-muted">{formatFileSize(image.size)}</span>
              <button
                type="button"
                onClick={() => remove(image.key)}
                disabled={upload.isPending}
                aria-label={`Remove ${image.name}`}
                className="mt-auto inline-flex min-h-11 items-center justify-center gap-1 text-xs font-semibold text-danger hover:bg-surface-2"
              >
                <X aria-hidden="true" className="size-4" />
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}

      <button
        type="button"
        onClick={send}
        disabled={count === 0 || upload.isPending}
        className={`${buttonClass()} self-start`}
      >
        <ImagePlus aria-hidden="true" className="size-4" />
        {upload.isPending ? "Uploading…" : count > 1 ? `Upload ${count} pictures` : "Upload picture"}
      </button>
      {upload.isError && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {upload.error.message}
        </p>
      )}
    </div>
  );
}
