// A small seeded pseudo-random generator (sfc32) for the demo data: the same seed gives the
// same sequence on every machine and Node version, which Math.random() never promises.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weight, e.g. [["Delivered", 9], ["Rejected", 1]]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
  chance(probability: number): boolean;
  /** A shuffled copy; the input is left alone. */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A version-4-shaped UUID from the generator's own bits. */
  uuid(): string;
  /**
   * An independent generator for one part of the data, so adding a draw in one part does not
   * shift every value drawn after it elsewhere.
   */
  fork(label: string): Random;
}

/** FNV-1a, enough to turn a seed and a label into a new 32-bit seed. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRandom(seed: number): Random {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const nextUint32 = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  // sfc32 needs a few rounds before small seeds stop looking alike.
  for (let i = 0; i < 15; i++) nextUint32();

  const next = () => nextUint32() / 4_294_967_296;
  const int = (min: number, max: number) => {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`int(${min}, ${max}) needs whole numbers with min <= max`);
    }
    return min + Math.floor(next() * (max - min + 1));
  };
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError("Cannot pick from an empty list");
    return items[int(0, items.length - 1)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  const hex = (length: number) => {
    let text = "";
    while (text.length < length) text += nextUint32().toString(16).padStart(8, "0");
    return text.slice(0, length);
  };

  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    pick,
    weighted<T>(choices: readonly (readonly [T, number])[]): T {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [choice, weight] of choices) {
        roll -= weight;
        if (roll < 0) return choice;
      }
      const last = choices[choices.length - 1];
      if (!last) throw new RangeError("Cannot pick from an empty list");
      return last[0];
    },
    chance: (probability) => next() < probability,
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, count),
    uuid() {
      const digits = hex(32);
      const variant = "89ab"[int(0, 3)] as string;
      return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-4${digits.slice(13, 16)}-${variant}${digits.slice(17, 20)}-${digits.slice(20, 32)}`;
    },
    fork: (label) => createRandom(hash32(`${seed >>> 0}:${label}`)),
  };
}
