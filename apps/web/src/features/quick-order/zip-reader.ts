// Reads the parts of a ZIP archive (an .xlsx workbook is one) without a dependency: the entries
// come from the end-of-central-directory record and the central directory, as unzip tools do,
// and deflated parts are inflated by the platform's DecompressionStream with a size cap.

export type ZipErrorCode = "not_zip" | "unsupported" | "damaged" | "too_large";

export class ZipError extends Error {
  constructor(
    readonly code: ZipErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "ZipError";
  }
}

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipArchive {
  has(name: string): boolean;
  /** The entry's bytes, or null when there is no such entry; a ZipError once it passes maxBytes. */
  read(name: string, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null>;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT_SIZE = 0xffff;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;

function findEndRecord(view: DataView): number {
  const last = view.byteLength - END_RECORD_SIZE;
  const first = Math.max(0, last - MAX_COMMENT_SIZE);
  for (let offset = last; offset >= first; offset--) {
    if (view.getUint32(offset, true) !== END_OF_CENTRAL_DIRECTORY) continue;
    if (offset + END_RECORD_SIZE + view.getUint16(offset + 20, true) <= view.byteLength) return offset;
  }
  throw new ZipError("not_zip", "The file is not a ZIP archive.");
}

function readCentralDirectory(bytes: Uint8Array<ArrayBuffer>): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndRecord(view);
  const diskNumber = view.getUint16(end + 4, true);
  const directoryDisk = view.getUint16(end + 6, true);
  const entryCount = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff)
    throw new ZipError("unsupported", "The file is a ZIP64 archive, which cannot be read here.");
  if (diskNumber !== 0 || directoryDisk !== 0)
    throw new ZipError("unsupported", "The file is a ZIP archive split over several disks.");
  if (directoryOffset + directorySize > end)
    throw new ZipError("damaged", "The ZIP central directory is damaged.");

  const names = new TextDecoder();
  const entries = new Map<string, ZipEntry>();
  let offset = directoryOffset;
  for (let i = 0; i < entryCount; i++) {
    if (offset + 46 > end || view.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY)
      throw new ZipError("damaged", "The ZIP central directory is damaged.");
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const entry: ZipEntry = {
      name: names.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    };
    if ([entry.compressedSize, entry.uncompressedSize, entry.localHeaderOffset].includes(0xffffffff))
      throw new ZipError("unsupported", "The file is a ZIP64 archive, which cannot be read here.");
    // Part names in a package are case-insensitive (OPC), so look them up that way.
    entries.set(entry.name.toLowerCase(), entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function entryData(bytes: Uint8Array<ArrayBuffer>, entry: ZipEntry): Uint8Array<ArrayBuffer> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.byteLength || view.getUint32(header, true) !== LOCAL_FILE_HEADER)
    throw new ZipError("damaged", `The ZIP entry ${entry.name} is damaged.`);
  // The local header's own name and extra lengths may differ from the central directory's;
  // its sizes may be zero (a data descriptor follows), so the central directory's are used.
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const stop = start + entry.compressedSize;
  if (stop > bytes.byteLength) throw new ZipError("damaged", `The ZIP entry ${entry.name} is damaged.`);
  return bytes.subarray(start, stop);
}

function tooLarge(entry: ZipEntry, maxBytes: number): ZipError {
  const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return new ZipError("too_large", `The ZIP entry ${entry.name} unpacks to more than ${megabytes} MB.`);
}

async function inflate(
  entry: ZipEntry,
  data: Uint8Array<ArrayBuffer>,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new ZipError("damaged", `The ZIP entry ${entry.name} is damaged.`, { cause: error });
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    // Stop as soon as the cap is passed: a few kilobytes of deflate can claim gigabytes.
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(entry, maxBytes);
    }
    chunks.push(chunk.value);
  }
  const inflated = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    inflated.set(chunk, at);
    at += chunk.byteLength;
  }
  return inflated;
}

/** Opens a ZIP archive held in memory; throws a ZipError when it is not one this reader takes. */
export function openZip(bytes: Uint8Array<ArrayBuffer>): ZipArchive {
  const entries = readCentralDirectory(bytes);
  return {
    has: (name) => entries.has(name.toLowerCase()),
    async read(name, maxBytes) {
      const entry = entries.get(name.toLowerCase());
      if (!entry) return null;
      if (entry.flags & ENCRYPTED_FLAG)
        throw new ZipError("unsupported", `The ZIP entry ${entry.name} is encrypted.`);
      const data = entryData(bytes, entry);
      if (entry.method === STORED) {
        if (data.byteLength > maxBytes) throw tooLarge(entry, maxBytes);
        return data;
      }
      if (entry.method === DEFLATED) return inflate(entry, data, maxBytes);
      throw new ZipError(
        "unsupported",
        `The ZIP entry ${entry.name} uses compression method ${entry.method}.`,
      );
    },
  };
}
