// Proves the import rules of eslint/web-layers.js and eslint.config.js catch what they are there
// for: the layers app -> features -> entities -> lib (docs/architecture.md), one feature importing
// another, an entity's inner files reached past its index.ts, and import cycles, type-only ones
// included. Each case lints a few lines as if they were a file at that path in the repository.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// Without a trailing slash (path.resolve drops it): with one, the TypeScript resolver finds no
// project for the file and its `@/` imports go unresolved, so no rule sees them.
const root = path.resolve(fileURLToPath(new URL("../../../", import.meta.url)));
let eslint: ESLint;

// The first lint builds the TypeScript program the rules resolve imports with, which takes far
// longer than one case on a busy machine: it is done here, with room for it, not in a test.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText("export {};\n", { filePath: `${root}/apps/web/src/lib/warm-up.ts` });
}, 120_000);

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const lines = (...code: string[]) => [...code, ""].join("\n");
const refused = (count: number) => Array<string>(count).fill("import-x/no-restricted-paths");

describe("features", () => {
  it("refuses a feature importing another feature", async () => {
    const code = lines(
      'import { productTrail } from "../catalogue/product-trail";',
      "export const trail = productTrail;",
    );
    expect(await ruleIds("apps/web/src/features/cart/x.ts", code)).toEqual(refused(1));
  });

  it("refuses a feature importing the app shell", async () => {
    const code = lines(
      'import { createQueryClient } from "@/app/query-client";',
      "export const client = createQueryClient;",
    );
    expect(await ruleIds("apps/web/src/features/cart/x.ts", code)).toEqual(refused(1));
  });

  it("refuses a feature, or the app shell, reaching past an entity's index.ts", async () => {
    const code = lines(
      'import { formatCount } from "@/entities/products/product-labels";',
      "export const count = formatCount;",
    );
    expect(await ruleIds("apps/web/src/features/catalogue/x.ts", code)).toEqual(refused(1));
    expect(await ruleIds("apps/web/src/app/x.ts", code)).toEqual(refused(1));
  });

  it("lets the app shell's first download take its few entity files by path, and no feature", async () => {
    const code = lines(
      'import { usePendingChanges } from "@/entities/cart/offline-cart";',
      "export const pending = usePendingChanges;",
    );
    expect(await ruleIds("apps/web/src/app/layout/x.ts", code)).toEqual([]);
    expect(await ruleIds("apps/web/src/features/catalogue/x.ts", code)).toEqual(refused(1));
  });

  it("lets a feature import entities through their index.ts, lib/, the contracts and its own files", async () => {
    const code = lines(
      'import { appRoutes } from "@trade-shop/contracts/routes";',
      'import { formatRand } from "@/lib/format";',
      'import { formatCount } from "@/entities/products";',
      'import { cartLine } from "@/entities/cart/cart-line.fixture";',
      'import { categoryChanges } from "./products-query";',
      "export const used = [appRoutes, formatRand, formatCount, cartLine, categoryChanges];",
    );
    expect(await ruleIds("apps/web/src/features/catalogue/x.ts", code)).toEqual([]);
  });
});

describe("entities", () => {
  it("refuses an entity importing a feature or the app shell", async () => {
    const code = lines(
      'import { productTrail } from "@/features/catalogue/product-trail";',
      'import { createQueryClient } from "@/app/query-client";',
      "export const both = [productTrail, createQueryClient];",
    );
    expect(await ruleIds("apps/web/src/entities/cart/x.ts", code)).toEqual(refused(2));
  });

  it("refuses an entity reaching past another entity's index.ts, or going through its own", async () => {
    const inner = lines(
      'import { formatCount } from "@/entities/products/product-labels";',
      "export const count = formatCount;",
    );
    expect(await ruleIds("apps/web/src/entities/cart/x.ts", inner)).toEqual(refused(1));
    const own = lines('import { useCart } from "@/entities/cart";', "export const cart = useCart;");
    expect(await ruleIds("apps/web/src/entities/cart/x.ts", own)).toEqual(refused(1));
  });

  it("lets an entity import lib/, the contracts, another entity's index.ts and its own files", async () => {
    const code = lines(
      'import { MAX_QUANTITY } from "@trade-shop/contracts/common";',
      'import { formatRand } from "@/lib/format";',
      'import { formatCount } from "@/entities/products";',
      'import { sameTotal } from "./cart-totals";',
      "export const used = [MAX_QUANTITY, formatRand, formatCount, sameTotal];",
    );
    expect(await ruleIds("apps/web/src/entities/cart/x.ts", code)).toEqual([]);
  });
});

describe("lib", () => {
  it("refuses lib/ importing an entity, a feature or the app shell", async () => {
    const code = lines(
      'import { formatCount } from "@/entities/products";',
      'import { productTrail } from "../features/catalogue/product-trail";',
      'import { createQueryClient } from "../app/query-client";',
      "export const all = [formatCount, productTrail, createQueryClient];",
    );
    expect(await ruleIds("apps/web/src/lib/x.ts", code)).toEqual(refused(3));
  });
});

describe("import cycles", () => {
  it("finds a cycle back to the file being linted", async () => {
    // forms/problem-errors.ts imports format.ts, so format importing it closes a loop.
    const code = lines(
      'import { problemText } from "./forms/problem-errors";',
      "export const describe = problemText;",
    );
    expect(await ruleIds("apps/web/src/lib/format.ts", code)).toEqual(["boundaries/no-cycle"]);
  });

  it("counts type-only imports", async () => {
    // login-commands.ts has `import type { ProductActions } from "./product-actions"`: a type-only loop.
    const code = lines(
      'import type { LoginCommands } from "./login-commands";',
      "export type Commands = LoginCommands;",
    );
    expect(await ruleIds("apps/web/src/entities/shopper/product-actions.tsx", code)).toEqual([
      "boundaries/no-cycle",
    ]);
  });
});
