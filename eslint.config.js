// One lint setup for the whole monorepo: typescript-eslint's recommended rules everywhere,
// React hooks rules in the web app, and the one-way import flow of docs/style.md
// (lib -> features -> app in the web app, no feature importing another, no import cycles).
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";
import { webLayers } from "./eslint/web-layers.js";
import { serverModules } from "./eslint/server-modules.js";

const root = path.dirname(fileURLToPath(import.meta.url));

// import-x's no-cycle skips `import type` edges and has no option to count them. A type-only
// cycle still ties two modules together (the server's app.ts <-> AppDeps users was one), so
// this wrapper hands the rule a parser and import nodes with every type import marked as a
// value import; everything else is import-x's own rule.
const tsParser = tseslint.parser;
function asValueImports(node) {
  if (
    node?.type !== "ImportDeclaration" &&
    node?.type !== "ExportNamedDeclaration" &&
    node?.type !== "ExportAllDeclaration"
  )
    return;
  if (node.importKind === "type") node.importKind = "value";
  if (node.exportKind === "type") node.exportKind = "value";
  for (const specifier of node.specifiers ?? []) {
    if (specifier.importKind === "type") specifier.importKind = "value";
    if (specifier.exportKind === "type") specifier.exportKind = "value";
  }
}
const typeEdgesParser = {
  meta: { name: "typescript-eslint-parser-type-edges" },
  parseForESLint(code, options) {
    const result = tsParser.parseForESLint(code, options);
    for (const statement of result.ast.body) asValueImports(statement);
    return result;
  },
};
const noCycleRule = importX.rules["no-cycle"];
const noCycleWithTypes = {
  ...noCycleRule,
  create(context) {
    const withTypeEdges = Object.create(context, {
      languageOptions: { value: { ...context.languageOptions, parser: typeEdgesParser } },
    });
    const visitors = noCycleRule.create(withTypeEdges);
    return Object.fromEntries(
      Object.entries(visitors).map(([selector, visit]) => [
        selector,
        (node) =>
          visit(
            node?.type?.endsWith("Declaration")
              ? {
                  ...node,
                  importKind: "value",
                  exportKind: "value",
                  specifiers: node.specifiers?.map((s) => ({
                    ...s,
                    importKind: "value",
                    exportKind: "value",
                  })),
                }
              : node,
          ),
      ]),
    );
  },
};

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", "**/*.tsbuildinfo", "bench/results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX, boundaries: { rules: { "no-cycle": noCycleWithTypes } } },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            "packages/contracts/tsconfig.json",
            "apps/server/tsconfig.json",
            "apps/web/tsconfig.json",
            "e2e/tsconfig.json",
            "bench/tsconfig.json",
          ].map((p) => path.join(root, p)),
        }),
      ],
    },
    rules: {
      // Type-only imports count too (see noCycleWithTypes above).
      "boundaries/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  ...webLayers(root),
  ...serverModules(root),
  {
    files: ["**/*.mjs", "scripts/**", ".ci/**"],
    rules: { "no-console": "off" },
  },
);
