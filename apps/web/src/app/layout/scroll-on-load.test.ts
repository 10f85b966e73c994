import { describe, expect, it } from "vitest";
import {
  SCROLL_POSITIONS_KEY,
  prepareScrollRestoration,
  restoreScrollOfHydratedPage,
} from "./scroll-on-load";

function surroundings(
  positions: unknown,
  state: unknown,
  navigationType: "navigate" | "reload" | "back_forward",
) {
  const items = new Map<string, string>([[SCROLL_POSITIONS_KEY, JSON.stringify(positions)]]);
  const history = {
    state,
    replaceState(next: unknown) {
      history.state = next;
    },
  };
  return {
    storage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
    },
    history,
    navigationType,
    newKey: () => "fresh123",
    positions: () => JSON.parse(items.get(SCROLL_POSITIONS_KEY) ?? "null") as unknown,
  };
}

describe("prepareScrollRestoration", () => {
  it("gives a new entry (typed URL, link from an e-mail) a key of its own, so it cannot inherit an offset", () => {
    const s = surroundings({ default: 1800, abc: 300 }, null, "navigate");
    prepareScrollRestoration(s);
    expect(s.history.state).toEqual({ usr: null, key: "fresh123", idx: 0 });
    expect(s.positions()).toEqual({ default: 1800, abc: 300 });
  });

  it("forgets the entry's position on a refresh", () => {
    const s = surroundings({ abc: 300, def: 900 }, { usr: null, key: "def", idx: 3 }, "reload");
    prepareScrollRestoration(s);
    expect(s.positions()).toEqual({ abc: 300 });
    expect(s.history.state).toEqual({ usr: null, key: "def", idx: 3 });
  });

  it("keeps it when Back or Forward brought the shop back", () => {
    const s = surroundings({ abc: 300, def: 900 }, { usr: null, key: "def", idx: 3 }, "back_forward");
    prepareScrollRestoration(s);
    expect(s.positions()).toEqual({ abc: 300, def: 900 });
  });

  it("leaves storage alone when it holds nothing or something unreadable", () => {
    const s = surroundings(null, { key: "abc" }, "reload");
    const refuse = () => expect.unreachable("nothing to write");
    prepareScrollRestoration({ ...s, storage: { getItem: () => null, setItem: refuse } });
    expect(() =>
      prepareScrollRestoration({ ...s, storage: { getItem: () => "{not json", setItem: refuse } }),
    ).not.toThrow();
  });
});

describe("restoreScrollOfHydratedPage", () => {
  const restored = (positions: unknown, state: unknown, type: "navigate" | "reload" | "back_forward") => {
    const seen: number[] = [];
    restoreScrollOfHydratedPage(surroundings(positions, state, type), (y) => seen.push(y));
    return seen;
  };

  it("puts a Back or Forward load's saved position back", () => {
    expect(restored({ abc: 700, def: 10 }, { usr: null, key: "abc", idx: 2 }, "back_forward")).toEqual([700]);
  });

  it("leaves a new visit, a refresh, an entry with nothing saved and unreadable storage where they are", () => {
    expect(restored({ abc: 700 }, { usr: null, key: "abc", idx: 2 }, "navigate")).toEqual([]);
    expect(restored({ abc: 700 }, { usr: null, key: "abc", idx: 2 }, "reload")).toEqual([]);
    expect(restored({ def: 700 }, { usr: null, key: "abc", idx: 2 }, "back_forward")).toEqual([]);
    expect(restored("not positions", { usr: null, key: "abc", idx: 2 }, "back_forward")).toEqual([]);
  });
});
