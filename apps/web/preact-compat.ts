// The shop's code and its libraries are written against React 19; they run on Preact 11 through
// preact/compat, a tenth of React DOM's size (decision 126). The build and the component tests
// both resolve React through this one list, so the tests exercise what ships.
import type { Alias, OxcOptions } from "vite";

/** JSX compiles to Preact's own runtime. */
export const preactJsx = { runtime: "automatic", importSource: "preact" } satisfies OxcOptions["jsx"];

export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  // Testing Library's act() comes from here when React itself does not export one.
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  // Recharts asks react-is whether a child is a fragment; preact/compat answers for Preact's vnodes.
  { find: /^react-is$/, replacement: "preact/compat" },
];

/**
 * Libraries that import React themselves. Vitest loads dependencies straight from node_modules
 * unless told to bundle them, and only what it bundles sees the aliases above.
 */
export const reactLibraries = [
  "@testing-library/react",
  "@tanstack/react-query",
  "react-router",
  "sonner",
  "lucide-react",
  "react-hook-form",
  "@hookform/resolvers",
  "recharts",
];
