// The browser's first look at files chosen for upload: types the server takes and sizes it
// accepts, so a wrong file is named at once. The server checks the bytes again and decides.
export const ACCEPTED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
/** The server's limit per image (apps/server image-upload.ts). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** What one upload may carry in all, inside the server's request size limit for uploads. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The contract's limit on images per upload (UploadProductImagesCommand.src). */
export const MAX_IMAGES_PER_UPLOAD = 10;

export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

export interface FileCheck<F extends ChosenFile> {
  accepted: F[];
  problems: string[];
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Which newly chosen files can join the `alreadyChosen` ones: images of an accepted type, each
 * within the size limit, no more than the contract allows at a time nor more bytes than an
 * upload may carry. Every refused file is named with its reason.
 */
export function checkImageFiles<F extends ChosenFile>(
  files: readonly F[],
  alreadyChosen: readonly ChosenFile[] = [],
): FileCheck<F> {
  const accepted: F[] = [];
  const problems: string[] = [];
  let count = alreadyChosen.length;
  let bytes = alreadyChosen.reduce((sum, file) => sum + file.size, 0);
  for (const file of files) {
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      problems.push(`${file.name} is not a PNG, JPEG, WebP or GIF image.`);
    } else if (file.size === 0) {
      problems.push(`${file.name} is empty.`);
    } else if (file.size > MAX_IMAGE_BYTES) {
      problems.push(
        `${file.name} is ${formatFileSize(file.size)}; images can be at most ${formatFileSize(MAX_IMAGE_BYTES)}.`,
      );
    } else if (count >= MAX_IMAGES_PER_UPLOAD) {
      problems.push(`${file.name} was left out: upload at most ${MAX_IMAGES_PER_UPLOAD} images at a time.`);
    } else if (bytes + file.size > MAX_UPLOAD_BYTES) {
      problems.push(
        `${file.name} was left out: one upload can carry at most ${formatFileSize(MAX_UPLOAD_BYTES)}.`,
      );
    } else {
      accepted.push(file);
      count += 1;
      bytes += file.size;
    }
  }
  return { accepted, problems };
}
