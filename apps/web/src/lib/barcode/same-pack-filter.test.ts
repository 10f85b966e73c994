import { describe, expect, it } from "vitest";
import { newScanFilter, SAME_PACK_MS } from "./same-pack-filter";

describe("newScanFilter", () => {
  it("counts a pack held in view once, however often it is read", () => {
    const isNew = newScanFilter();
    const reads = Array.from({ length: 20 }, (_, i) => isNew("6001234567892", i * 250));
    expect(reads.filter(Boolean)).toHaveLength(1);
    expect(reads[0]).toBe(true);
  });

  it("counts the same code again once it has been out of sight for the quiet time", () => {
    const isNew = newScanFilter();
    expect(isNew("6001234567892", 0)).toBe(true);
    expect(isNew("6001234567892", SAME_PACK_MS - 1)).toBe(false);
    expect(isNew("6001234567892", 2 * SAME_PACK_MS - 1)).toBe(true);
  });

  it("counts different codes read together each once", () => {
    const isNew = newScanFilter();
    expect(["6001234567892", "96385074", "6001234567892"].map((code) => isNew(code, 100))).toEqual([
      true,
      true,
      false,
    ]);
  });
});
