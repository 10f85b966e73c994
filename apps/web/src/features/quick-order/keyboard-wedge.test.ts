import { describe, expect, it } from "vitest";
import { WEDGE_KEY_GAP_MS, WedgeReader } from "./keyboard-wedge";

/** Types `keys` starting at `from`, `gap` ms apart; answers what the last key returned. */
function type(reader: WedgeReader, keys: string[], gap: number, from = 0) {
  let answer: string | null = null;
  keys.forEach((key, i) => {
    answer = reader.key(key, from + i * gap);
  });
  return answer;
}

const scan = (code: string) => [...code, "Enter"];

/** The body with its GS1 check digit, worked out here rather than trusted to the code under test. */
function withCheckDigit(body: string): string {
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}
const EAN = withCheckDigit("600123400001");
const EAN8 = withCheckDigit("9638507");

describe("WedgeReader", () => {
  it("reads a valid barcode typed at a scanner's speed and ended by Enter", () => {
    const reader = new WedgeReader();
    expect(type(reader, scan(EAN), 5)).toBe(EAN);
  });

  it("ignores a person's typing, a wrong check digit, a short code and other keys", () => {
    expect(type(new WedgeReader(), scan(EAN), WEDGE_KEY_GAP_MS + 40)).toBeNull();
    const wrongCheck = EAN.slice(0, -1) + String((Number(EAN.at(-1)) + 1) % 10);
    expect(type(new WedgeReader(), scan(wrongCheck), 5)).toBeNull();
    expect(type(new WedgeReader(), scan("12345"), 5)).toBeNull();
    expect(type(new WedgeReader(), [..."600123", "a", ..."4000017", "Enter"], 5)).toBeNull();
  });

  it("starts afresh after a pause, so stray digits before a scan do not spoil it", () => {
    const reader = new WedgeReader();
    type(reader, ["4", "2"], 300);
    expect(type(reader, scan(EAN), 5, 2_000)).toBe(EAN);
    // And reads the next scan too.
    expect(type(reader, scan(EAN8), 5, 4_000)).toBe(EAN8);
  });
});
