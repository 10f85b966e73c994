// One pack held up to the camera is one scan: it is read several times a second while it is in
// view, so a code counts again only once it has been out of sight for a moment.

/** How long a code must go unseen before it counts again. */
export const SAME_PACK_MS = 1500;

/** A check that says whether a code read at `now` (ms) is a new scan, remembering each sighting. */
export function newScanFilter(quietMs = SAME_PACK_MS): (code: string, now: number) => boolean {
  const lastSeen = new Map<string, number>();
  return (code, now) => {
    const previous = lastSeen.get(code);
    lastSeen.set(code, now);
    return previous === undefined || now - previous >= quietMs;
  };
}
