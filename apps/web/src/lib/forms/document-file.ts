// A document chosen to upload (a proof of payment, an applicant's ID or licence): a PDF or a
// picture of at most 5 MB, read in the browser as a data URL; the server checks it again by what
// its bytes are.

/** The largest document the shop takes (the server refuses anything larger). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** What the file chooser offers. */
export const DOCUMENT_ACCEPT = "application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp";

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

/** "1.4 MB", "320 KB". */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Why `file` cannot be sent, or null. */
export function documentProblem(file: File): string | null {
  return file.size > MAX_DOCUMENT_BYTES
    ? `The file is ${sizeText(file.size)}: choose one of 5 MB or less.`
    : null;
}

/** What a form keeps of a chosen file: its data URL and name, or why it cannot be sent (all empty when none). */
export interface ChosenDocument {
  file: string;
  fileName: string;
  problem: string;
}

/** Reads the file the chooser holds (or none) into what the form keeps. */
export async function readChosenDocument(file: File | undefined): Promise<ChosenDocument> {
  if (!file) return { file: "", fileName: "", problem: "" };
  const problem = documentProblem(file);
  if (problem) return { file: "", fileName: "", problem };
  try {
    return { file: await readAsDataUrl(file), fileName: file.name, problem: "" };
  } catch {
    return { file: "", fileName: "", problem: "The file could not be read: choose it again." };
  }
}
