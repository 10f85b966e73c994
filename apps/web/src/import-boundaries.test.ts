// Proves the import rules of eslint.config.js catch what they are there for: one feature
// importing another, lib/ importing a feature, and import cycles, type-only ones included.
// Each case lints a few lines as if they were a file at that path in the repository.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url).pathname;
let eslint: ESLint;

// The first lint builds the TypeScript program the rules resolve imports with, which takes far
// longer than one case on a busy machine: it is done here, with room for it, not in a test.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText("export {};\n", { filePath: `${root}apps/web/src/lib/warm-up.ts` });
}, 120_000);

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe("feature boundaries", () => {
  it("refuses a feature importing another feature", async () => {
    const code =
      'import { productTrail } from "../catalogue/product-trail";\nexport const trail = productTrail;\n';
    expect(await ruleIds("apps/web/src/features/cart/x.ts", code)).toEqual(["import-x/no-restricted-paths"]);
  });

  it("refuses lib/ importing a feature or the app shell", async () => {
    const code = [
      'import { productTrail } from "../features/catalogue/product-trail";',
      'import { router } from "../app/router";',
      "export const both = [productTrail, router];",
      "",
    ].join("\n");
    expect(await ruleIds("apps/web/src/lib/x.ts", code)).toEqual([
      "import-x/no-restricted-paths",
      "import-x/no-restricted-paths",
    ]);
  });

  it("lets a feature import lib/, the contracts and its own files", async () => {
    const code = [
      'import { appRoutes } from "@trade-shop/contracts/routes";',
      'import { formatRand } from "../../lib/format";',
      'import { categoryChanges } from "./products-query";',
      "export const used = [appRoutes, formatRand, categoryChanges];",
      "",
    ].join("\n");
    expect(await ruleIds("apps/web/src/features/catalogue/x.ts", code)).toEqual([]);
  });
});

describe("import cycles", () => {
  it("finds a cycle back to the file being linted", async () => {
    // order-status-badge.tsx imports lib/format.ts, so format importing the badge closes a loop.
    const code =
      'import { OrderStatusBadge } from "./orders/order-status-badge";\nexport const badge = OrderStatusBadge;\n';
    expect(await ruleIds("apps/web/src/lib/format.ts", code)).toEqual(["boundaries/no-cycle"]);
  });

  it("counts type-only imports", async () => {
    // list-mirror.ts has `import type { Shopper } from "../shopper"`: a type-only loop.
    const code =
      'import type { ListKind } from "./shopping-lists/list-mirror";\nexport type Shopper = ListKind;\n';
    expect(await ruleIds("apps/web/src/lib/shopper.ts", code)).toEqual(["boundaries/no-cycle"]);
  });
});
