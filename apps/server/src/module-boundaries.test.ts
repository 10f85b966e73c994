// Proves the server's import rules (eslint/server-modules.js, docs/architecture.md) catch what
// they are there for: a module reaching into another module's files, core/, db/ or http/
// importing a module, and anything the app is made of importing app.ts; and that a module's
// front door (its index.ts) stays open. Each case lints a few lines as if they were a file at
// that path in the repository; the files they import are real.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url).pathname;
const ZONE = "import-x/no-restricted-paths";
let eslint: ESLint;

// The first lint builds the TypeScript program the rules resolve imports with, which takes far
// longer than one case on a busy machine: it is done here, with room for it, not in a test.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: "eslint.config.js" });
  await eslint.lintText("export {};\n", { filePath: `${root}apps/server/src/core/warm-up.ts` });
}, 120_000);

async function ruleIds(filePath: string, ...lines: string[]): Promise<string[]> {
  const [result] = await eslint.lintText([...lines, ""].join("\n"), { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe("a module's front door", () => {
  it("refuses a module importing another module's inner file", async () => {
    expect(
      await ruleIds(
        "apps/server/src/modules/cart/x.ts",
        'import { productRows } from "../catalogue/product-queries";',
        "export const used = productRows;",
      ),
    ).toEqual([ZONE]);
  });

  it("lets a module import another through its index, and its own files", async () => {
    expect(
      await ruleIds(
        "apps/server/src/modules/cart/x.ts",
        'import { productRows } from "../catalogue";',
        'import { toProduct } from "../catalogue/index";',
        'import { cartFrom } from "./cart";',
        "export const used = [productRows, toProduct, cartFrom];",
      ),
    ).toEqual([]);
  });

  it("refuses app.ts, main.ts and the demo data reaching past a module's index", async () => {
    const deep = [
      'import { brandColour } from "../modules/catalogue/brand-drawing";',
      "export const used = brandColour;",
    ];
    expect(await ruleIds("apps/server/src/demo-data/x.ts", ...deep)).toEqual([ZONE]);
    expect(
      await ruleIds(
        "apps/server/src/demo-data/x.ts",
        'import { brandColour } from "../modules/catalogue";',
        "export const used = brandColour;",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        "apps/server/src/main.ts",
        'import { createShopOutboxWorker } from "./modules/outbox/topics";',
        "export const used = createShopOutboxWorker;",
      ),
    ).toEqual([ZONE]);
  });
});

describe("core/, db/ and http/ beneath the modules", () => {
  const throughIndex = [
    'import { customerOfRequest } from "../modules/accounts";',
    "export const used = customerOfRequest;",
  ];
  const deep = [
    'import { requireCustomer } from "../modules/accounts/customer-context";',
    "export const used = requireCustomer;",
  ];

  it("refuses core/ importing a module, even through its index", async () => {
    expect(await ruleIds("apps/server/src/core/x.ts", ...throughIndex)).toEqual([ZONE]);
    expect(await ruleIds("apps/server/src/core/x.ts", ...deep)).toEqual([ZONE]);
  });

  it("refuses db/ importing a module", async () => {
    expect(await ruleIds("apps/server/src/db/x.ts", ...throughIndex)).toEqual([ZONE]);
  });

  it("refuses http/ importing a module", async () => {
    expect(await ruleIds("apps/server/src/http/x.ts", ...throughIndex)).toEqual([ZONE]);
    expect(
      await ruleIds(
        "apps/server/src/http/x.ts",
        'import type { SearchCache } from "../modules/catalogue/search-cache";',
        "export type Kept = SearchCache;",
      ),
    ).toEqual([ZONE]);
  });

  it("lets their tests use a module's front door, not its inner files", async () => {
    expect(await ruleIds("apps/server/src/http/x.api.test.ts", ...throughIndex)).toEqual([]);
    expect(await ruleIds("apps/server/src/http/x.api.test.ts", ...deep)).toEqual([ZONE]);
  });
});

describe("app.ts on top", () => {
  const importsApp = (from: string) => [
    `import { buildApp } from "${from}";`,
    "export const used = buildApp;",
  ];

  it("refuses a module importing app.ts", async () => {
    expect(await ruleIds("apps/server/src/modules/orders/x.ts", ...importsApp("../../app"))).toEqual([ZONE]);
    expect(
      await ruleIds(
        "apps/server/src/modules/orders/x.ts",
        'import type { BuildDeps } from "../../app";',
        "export type Deps = BuildDeps;",
      ),
    ).toEqual([ZONE]);
  });

  it("refuses core/, db/ and http/ importing app.ts", async () => {
    expect(await ruleIds("apps/server/src/core/x.ts", ...importsApp("../app"))).toEqual([ZONE]);
    expect(await ruleIds("apps/server/src/db/x.ts", ...importsApp("../app"))).toEqual([ZONE]);
    expect(await ruleIds("apps/server/src/http/x.ts", ...importsApp("../app"))).toEqual([ZONE]);
  });

  it("lets a test build the whole app", async () => {
    expect(await ruleIds("apps/server/src/modules/orders/x.api.test.ts", ...importsApp("../../app"))).toEqual(
      [],
    );
  });
});
