import { describe, expect, it } from "vitest";
import { BoundedCache, changeOf, type CatalogueChange } from "./search-cache";

const none: ReadonlySet<CatalogueChange> = new Set();

function cacheOf(limits: Partial<{ maxEntries: number; maxBytes: number; ttlMs: number }> = {}) {
  let now = 0;
  const cache = new BoundedCache<string>(
    { maxEntries: 3, maxBytes: 1_000, ttlMs: 1_000, ...limits },
    () => now,
  );
  return { cache, advance: (ms: number) => (now += ms) };
}

describe("BoundedCache", () => {
  it("keeps at most its entry count, the least recently used out first", () => {
    const { cache } = cacheOf();
    cache.set("a", "A", 10, none);
    cache.set("b", "B", 10, none);
    cache.set("c", "C", 10, none);
    expect(cache.get("a")).toBe("A"); // a is now the most recently used
    cache.set("d", "D", 10, none);
    expect(cache.size).toBe(3);
    expect(cache.get("b")).toBeUndefined();
    expect(["a", "c", "d"].map((k) => cache.get(k))).toEqual(["A", "C", "D"]);
  });

  it("keeps at most its bytes, and never an entry larger than all of them", () => {
    const { cache } = cacheOf({ maxEntries: 100, maxBytes: 100 });
    cache.set("a", "A", 40, none);
    cache.set("b", "B", 40, none);
    cache.set("c", "C", 40, none);
    expect(cache.bytes).toBe(80);
    expect(cache.get("a")).toBeUndefined();
    cache.set("huge", "H", 101, none);
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.bytes).toBe(80);
    // Replacing an entry counts its new size only.
    cache.set("b", "B2", 10, none);
    expect(cache.bytes).toBe(50);
  });

  it("does not serve an entry older than its time to live", () => {
    const { cache, advance } = cacheOf();
    cache.set("a", "A", 10, none);
    advance(999);
    expect(cache.get("a")).toBe("A");
    advance(1);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("does not serve an entry past the time its value stops being right by itself", () => {
    const { cache, advance } = cacheOf();
    cache.set("deal starts", "D", 10, none, 300);
    cache.set("no deal", "N", 10, none, null);
    advance(299);
    expect(cache.get("deal starts")).toBe("D");
    advance(1);
    expect(cache.get("deal starts")).toBeUndefined();
    expect(cache.get("no deal")).toBe("N");
  });

  it("drops what a change touches: stock the in-stock entries, prices the price-sorted, the catalogue all", () => {
    const { cache } = cacheOf({ maxEntries: 10 });
    cache.set("plain", "P", 10, none);
    cache.set("in stock", "S", 10, new Set(["stock"]));
    cache.set("by price", "R", 10, new Set(["prices"]));
    cache.drop("stock");
    expect(["plain", "in stock", "by price"].map((k) => cache.get(k))).toEqual(["P", undefined, "R"]);
    cache.drop("prices");
    expect(["plain", "by price"].map((k) => cache.get(k))).toEqual(["P", undefined]);
    cache.set("in stock", "S", 10, new Set(["stock"]));
    cache.drop("catalogue");
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});

describe("changeOf", () => {
  it("reads a notification's payload, anything unknown as a change to the whole catalogue", () => {
    expect(changeOf("stock")).toBe("stock");
    expect(changeOf("prices")).toBe("prices");
    expect(changeOf("stock-levels")).toBe("stock-levels");
    expect(changeOf("images")).toBe("images");
    expect(changeOf("deals")).toBe("deals");
    expect(changeOf("catalogue")).toBe("catalogue");
    expect(changeOf(undefined)).toBe("catalogue");
    expect(changeOf("brands")).toBe("catalogue");
  });
});
