// A PGlite data-folder tarball without the WAL segments PostgreSQL keeps for later. After a
// checkpoint the server needs only the segment it is writing; the others (16 MB each, 50 of the
// template's 115 MB) are recycled files it would otherwise reuse, and it makes new ones when it
// needs them. Every API test file loads the template, so a smaller tarball is a faster start
// (about 0.6 s a file on the CI machine).
const BLOCK = 512;
const text = new TextDecoder();

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return text.decode(end === -1 ? bytes : bytes.subarray(0, end));
}

/** Each entry of a ustar tarball: its name, where its header starts and where the next one does. */
function* entries(tar: Uint8Array): Generator<{ name: string; offset: number; next: number }> {
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return;
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : "") + field(header, 0, 100);
    const size = parseInt(field(header, 124, 12).trim() || "0", 8);
    const next = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    yield { name, offset, next };
    offset = next;
  }
}

/**
 * `tar` without the WAL segment files after `current` (the segment the checkpoint's redo point
 * is in, e.g. "000000010000000000000004"): what is kept is copied byte for byte.
 */
export function withoutSpareWal(tar: Uint8Array, current: string): Uint8Array {
  const kept: Uint8Array[] = [];
  for (const { name, offset, next } of entries(tar)) {
    const segment = /pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (segment !== undefined && segment > current) continue;
    kept.push(tar.subarray(offset, next));
  }
  kept.push(new Uint8Array(BLOCK * 2)); // the end-of-archive marker
  return Buffer.concat(kept);
}
