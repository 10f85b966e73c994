// USB and Bluetooth barcode scanners are keyboards ("keyboard wedge"): they type a code's digits
// a few milliseconds apart and press Enter. On the quick order pad a scan must land without the
// buyer clicking into a box first, so keys typed outside any field are read here: digits that
// come faster than a person types, ended by Enter, are a scan when they make a valid GTIN.
import { useEffect, useRef } from "react";
import { isGtin } from "@trade-shop/contracts/gtin";

/** Longest pause between a scanner's keys; people type slower than this. */
export const WEDGE_KEY_GAP_MS = 80;

/** Reads keys as they come; `key` answers the scanned code when Enter ends one. */
export class WedgeReader {
  private digits = "";
  private last = -Infinity;

  key(key: string, at: number): string | null {
    const gap = at - this.last;
    this.last = at;
    if (key === "Enter") {
      const code = this.digits;
      this.digits = "";
      return gap <= WEDGE_KEY_GAP_MS && isGtin(code) ? code : null;
    }
    if (/^\d$/.test(key)) {
      this.digits = gap <= WEDGE_KEY_GAP_MS ? this.digits + key : key;
      return null;
    }
    this.digits = "";
    return null;
  }
}

function typingInAField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest("input, textarea, select") !== null;
}

/** Calls `onScan` for each code a scanner types while focus is outside every field. */
export function useKeyboardWedge(onScan: (code: string) => void, enabled = true) {
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });
  useEffect(() => {
    if (!enabled) return;
    const reader = new WedgeReader();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingInAField(event.target)) return;
      const code = reader.key(event.key, event.timeStamp);
      if (code === null) return;
      // The scanner's Enter must not also press the button that has focus.
      event.preventDefault();
      event.stopPropagation();
      latest.current(code);
    };
    // Capture: seen before a focused button acts on the Enter.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [enabled]);
}
