// docs/behaviour.md's pagination as arithmetic: the last page is total / size rounded up and at least 1,
// the current page is clamped to 1..last, and at most 7 slots are shown, gaps included, the
// way the shop's original pager (ngx-pagination, maxSize 7) laid them out: 1 … 9 10 11 … 20.

export const MAX_PAGE_SLOTS = 7;

export type PageSlot =
  { kind: "page"; page: number; isCurrent: boolean } | { kind: "gap"; position: "start" | "end" };

export interface PageLinks {
  current: number;
  last: number;
  /** The target of Previous and Next; null on the first and last page. */
  previous: number | null;
  next: number | null;
  slots: PageSlot[];
}

export function lastPage(total: number, pageSize: number): number {
  if (!(pageSize > 0) || !(total > 0)) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

export function clampPage(page: number, last: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), last);
}

/** The page shown in slot `slot` (1-based) of `slots`. */
function pageInSlot(slot: number, current: number, last: number, slots: number): number {
  const halfWay = Math.ceil(slots / 2);
  if (slot === slots) return last;
  if (slot === 1) return 1;
  if (last - halfWay < current) return last - slots + slot;
  if (halfWay < current) return current - halfWay + slot;
  return slot;
}

export function pageLinks(
  total: number,
  pageSize: number,
  requestedPage: number,
  maxSlots = MAX_PAGE_SLOTS,
): PageLinks {
  const last = lastPage(total, pageSize);
  const current = clampPage(requestedPage, last);
  const slotCount = Math.min(last, maxSlots);
  const slots: PageSlot[] = [];

  if (last <= maxSlots) {
    for (let page = 1; page <= last; page++) slots.push({ kind: "page", page, isCurrent: page === current });
  } else {
    const halfWay = Math.ceil(maxSlots / 2);
    const nearStart = current <= halfWay;
    const nearEnd = last - halfWay < current;
    for (let slot = 1; slot <= slotCount; slot++) {
      if (slot === 2 && !nearStart) slots.push({ kind: "gap", position: "start" });
      else if (slot === slotCount - 1 && !nearEnd) slots.push({ kind: "gap", position: "end" });
      else {
        const page = pageInSlot(slot, current, last, slotCount);
        slots.push({ kind: "page", page, isCurrent: page === current });
      }
    }
  }

  return {
    current,
    last,
    previous: current > 1 ? current - 1 : null,
    next: current < last ? current + 1 : null,
    slots,
  };
}
