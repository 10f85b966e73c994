// One lint setup for the whole monorepo: typescript-eslint's recommended rules everywhere,
// React hooks rules in the web app, and the one-way import flow of STYLE.md.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

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
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/apps/server/**", "@trade-shop/server*"], message: "The web app talks to the server over HTTP only." }] },
      ],
    },
  },
  {
    files: ["**/*.mjs", "scripts/**", ".ci/**"],
    rules: { "no-console": "off" },
  },
);
