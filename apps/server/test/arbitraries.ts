// fast-check arbitraries read off zod 4 schemas, for fuzzing the API from its contracts: values
// the schema accepts (the caller filters on `schema.safeParse`, since refinements cannot be
// read), and ways to break one field of such a value (BREAKAGES). Generated values stay small
// so a failure report stays readable; the huge ones are made when a breakage is applied.
import fc from "fast-check";
import type { z } from "zod";

type Schema = z.core.$ZodType;

/** Known-good values by field name (a real SKU, a demo account) so some runs reach past lookups. */
export type Hints = Record<string, readonly unknown[]>;

interface Bounds {
  min: number;
  max: number;
}

function defOf(schema: Schema) {
  return (schema as z.core.$ZodTypes)._zod.def;
}

function checksOf(def: { checks?: z.core.$ZodCheck[] }) {
  return (def.checks ?? []).map((check) => (check as z.core.$ZodChecks)._zod.def);
}

function stringRules(def: z.core.$ZodStringDef | z.core.$ZodStringFormatDef) {
  const rules: Bounds & { pattern?: RegExp; format?: string } = { min: 0, max: Number.POSITIVE_INFINITY };
  // A format schema (z.iso.datetime()) carries its format on its own def.
  if ("format" in def) rules.format = def.format;
  for (const check of checksOf(def)) {
    if (check.check === "min_length") rules.min = Math.max(rules.min, check.minimum);
    else if (check.check === "max_length") rules.max = Math.min(rules.max, check.maximum);
    else if (check.check === "length_equals") rules.min = rules.max = check.length;
    else if (check.check === "string_format") {
      if (check.format === "regex" && check.pattern) rules.pattern = check.pattern;
      else rules.format = check.format;
    }
  }
  return rules;
}

function numberRules(def: z.core.$ZodNumberDef) {
  const rules: Bounds & { int: boolean } = { min: -1e9, max: 1e9, int: false };
  for (const check of checksOf(def)) {
    if (check.check === "number_format") rules.int = true;
    else if (check.check === "greater_than")
      rules.min = Math.max(rules.min, Number(check.value) + (check.inclusive ? 0 : 1));
    else if (check.check === "less_than")
      rules.max = Math.min(rules.max, Number(check.value) - (check.inclusive ? 0 : 1));
  }
  return rules;
}

function stringArbitrary(def: z.core.$ZodStringDef): fc.Arbitrary<string> {
  const rules = stringRules(def);
  if (rules.format === "email") {
    return fc
      .tuple(
        fc.stringMatching(/^[a-z0-9][a-z0-9.]{0,10}[a-z0-9]$/),
        fc.constantFrom("tradeshop.test", "example.co.za"),
      )
      .map(([local, domain]) => `${local.replace(/\.+/g, ".")}@${domain}`);
  }
  if (rules.format === "datetime") {
    return fc
      .date({
        min: new Date("2000-01-01T00:00:00Z"),
        max: new Date("2099-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  }
  if (rules.pattern) return fc.stringMatching(rules.pattern);
  const maxLength = Math.min(rules.max, Math.max(rules.min, 40));
  // Graphemes can be several UTF-16 units each, so these stay short of the limit.
  const shortMax = Math.max(rules.min, Math.min(maxLength, 12));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: rules.min, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: rules.min, maxLength: shortMax }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: rules.min, maxLength: shortMax }) },
  );
}

function numberArbitrary(def: z.core.$ZodNumberDef): fc.Arbitrary<number> {
  const { min, max, int } = numberRules(def);
  const low = Math.max(min, -(2 ** 31));
  const high = Math.min(max, 2 ** 31 - 1);
  if (int) {
    // Mostly near the lower bound, where ids, indexes and quantities live.
    return fc.oneof(
      fc.integer({ min: low, max: Math.min(high, low + 20) }),
      fc.integer({ min: low, max: high }),
    );
  }
  // Amounts in rand carry at most two decimals.
  return fc.integer({ min: Math.ceil(low * 100), max: Math.floor(high * 100) }).map((cents) => cents / 100);
}

/** Values shaped like `schema` (most of them valid); `hints` offers real values for named fields. */
export function arbitraryOf(schema: Schema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return stringArbitrary(def);
    case "number":
      return numberArbitrary(def);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "literal":
      return fc.constantFrom(...def.values);
    case "enum":
      return fc.constantFrom(...Object.values(def.entries));
    case "optional":
    case "default":
    case "prefault":
      return fc.option(arbitraryOf(def.innerType, hints), { nil: undefined });
    case "nullable":
      return fc.option(arbitraryOf(def.innerType, hints), { nil: null });
    case "readonly":
    case "nonoptional":
    case "catch":
      return arbitraryOf(def.innerType, hints);
    case "array": {
      const bounds: Bounds = { min: 0, max: 4 };
      for (const check of checksOf(def)) {
        if (check.check === "min_length") bounds.min = check.minimum;
        else if (check.check === "max_length") bounds.max = Math.min(check.maximum, Math.max(4, bounds.min));
      }
      return fc.array(arbitraryOf(def.element, hints), {
        minLength: bounds.min,
        maxLength: Math.max(bounds.min, bounds.max),
      });
    }
    case "object": {
      const fields = Object.entries(def.shape).map(([key, field]) => {
        const generated = arbitraryOf(field, hints);
        const known = hints[key];
        return [key, known?.length ? fc.oneof(fc.constantFrom(...known), generated) : generated] as const;
      });
      return fc.record(Object.fromEntries(fields)).map((value) => withoutUndefined(value));
    }
    case "union":
      return fc.oneof(...def.options.map((option) => arbitraryOf(option, hints)));
    case "pipe":
      // z.coerce.number().pipe(z.literal(...)): the output decides; a transform: its input does.
      return defOf(def.out).type === "transform" ? arbitraryOf(def.in, hints) : arbitraryOf(def.out, hints);
    case "record":
      return fc.dictionary(fc.string({ maxLength: 10 }), arbitraryOf(def.valueType, hints), { maxKeys: 3 });
    case "unknown":
    case "any":
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(`arbitraryOf: zod type '${def.type}' is not supported yet; add it here`);
  }
}

function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** The top-level field names of an object schema (through optional, default, pipe), else none. */
export function fieldNamesOf(schema: Schema): string[] {
  const def = defOf(schema);
  if (def.type === "object") return Object.keys(def.shape);
  if (def.type === "pipe") return fieldNamesOf(def.in);
  if (def.type === "optional" || def.type === "default" || def.type === "nullable")
    return fieldNamesOf(def.innerType);
  return [];
}

export type Path = readonly (string | number)[];

/** Every path into a JSON value: the root, each object member and each array element. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

const MISSING = Symbol("missing");
const textOf = (value: unknown) => (typeof value === "string" ? value : String(value ?? ""));
const withOwnKey = (target: unknown, key: string, inner: unknown) => {
  const base = target && typeof target === "object" && !Array.isArray(target) ? { ...target } : {};
  // defineProperty: a plain assignment to __proto__ would set the prototype, not a key.
  Object.defineProperty(base, key, { value: inner, enumerable: true, configurable: true, writable: true });
  return base;
};

/** One way to break a field: what the field becomes, given what it was. */
export const BREAKAGES = {
  wrongType: (v: unknown) =>
    typeof v === "string"
      ? 42
      : typeof v === "number"
        ? `${v}`
        : typeof v === "boolean"
          ? "true"
          : Array.isArray(v)
            ? { 0: v[0] }
            : v && typeof v === "object"
              ? [v]
              : true,
  missing: () => MISSING,
  nullValue: () => null,
  empty: (v: unknown) => (Array.isArray(v) ? [] : v && typeof v === "object" ? {} : ""),
  hugeString: () => "x".repeat(100 * 1024),
  overBodyLimit: () => "y".repeat(1100 * 1024),
  hugeNumber: () => 1e308,
  negative: (v: unknown) => (typeof v === "number" ? -Math.abs(v) - 1 : -1),
  fraction: (v: unknown) => (typeof v === "number" ? v + 0.5 : 0.5),
  longArray: (v: unknown) =>
    Array.from({ length: 10_000 }, () => (Array.isArray(v) && v.length > 0 ? v[0] : "x")),
  emoji: (v: unknown) => `${textOf(v)}🛒👍🏽🇿🇦`,
  combiningMarks: () => "Z\u0335\u0321a\u0300\u0301\u0302\u0303l\u0304\u0305g\u0306o\u0307\u0308",
  nul: (v: unknown) => `${textOf(v)}\u0000`,
  loneSurrogate: (v: unknown) => `${textOf(v)}\ud83d`,
  rtlOverride: (v: unknown) => `\u202e${textOf(v)}`,
  protoKey: (v: unknown) => withOwnKey(v, "__proto__", { polluted: true }),
  constructorKey: (v: unknown) => withOwnKey(v, "constructor", { prototype: { polluted: true } }),
  prototypeKey: (v: unknown) => withOwnKey(v, "prototype", { polluted: true }),
} as const satisfies Record<string, (value: unknown) => unknown>;
export type Breakage = keyof typeof BREAKAGES;
export const BREAKAGE_NAMES = Object.keys(BREAKAGES) as Breakage[];

/** `value` with the field at `path` broken as `breakage` says; the rest is untouched. */
export function breakAt(value: unknown, path: Path, breakage: Breakage): unknown {
  const copy: unknown = structuredClone(value);
  if (path.length === 0) {
    const broken = BREAKAGES[breakage](copy);
    return broken === MISSING ? undefined : broken;
  }
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const broken = BREAKAGES[breakage](parent[last]);
  if (broken === MISSING) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else {
    parent[last] = broken;
  }
  return copy;
}
