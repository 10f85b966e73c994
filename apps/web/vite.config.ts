// Vite build and dev server for the shop front end. In development the API, product images
// and the demo mailbox come from the Node server on port 3000, so the browser sees one origin.
// React 19 everywhere (decision 140): the official React plugin gives development Fast Refresh.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const server = "http://localhost:3000";

/**
 * React Router's package map names only its development build, which carries the warnings and
 * checks meant for a developer's console; the shop ships the production build it also contains
 * (the development server keeps the warnings).
 */
const productionBuilds = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(import.meta.resolve("react-router").replace("/development/", "/production/")),
  },
];

/**
 * zod's schemas carry the code that turns them into JSON Schema (for the server's OpenAPI
 * document), about 17 KB of the browser's first download that the browser never runs. In the
 * browser's build those two modules are empty stand-ins: parsing is untouched, and a schema's
 * toJSONSchema() there says it is not available.
 */
function zodWithoutJsonSchema(): Plugin {
  const classicSchemas = /zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
  const processorsFile = fileURLToPath(
    import.meta.resolve("zod/v4/core").replace(/index\.js$/, "json-schema-processors.js"),
  );
  const processorNames = [
    ...readFileSync(processorsFile, "utf8").matchAll(/^export (?:function|const) (\w+)/gm),
  ].map(([, name]) => name);
  const unavailable = `() => { throw new Error("JSON Schema is not built in the browser"); }`;
  const stubs: Record<string, string> = {
    "../core/json-schema-processors.js": processorNames
      .map((name) => `export const ${name} = () => ({});`)
      .join("\n"),
    "../core/to-json-schema.js": `export const createToJSONSchemaMethod = () => ${unavailable};\nexport const createStandardJSONSchemaMethod = () => ${unavailable};`,
  };
  return {
    name: "zod-without-json-schema",
    enforce: "pre",
    apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
    resolveId(source, importer) {
      if (importer && classicSchemas.test(importer) && source in stubs) return `\0zod-stub:${source}`;
    },
    load(id) {
      if (id.startsWith("\0zod-stub:")) return stubs[id.slice("\0zod-stub:".length)];
    },
  };
}

/**
 * sonner (the toasts) writes its styles into a <style> element it makes when it loads, which the
 * shop's Content-Security-Policy refuses (no inline style elements: decision 146). In the
 * browser's build its stylesheet comes as a file beside its chunk instead, loaded with it, and
 * the element is never made.
 */
function sonnerStylesAsFile(): Plugin {
  const sonnerModule = /[\\/]sonner[\\/]dist[\\/]index\.mjs$/;
  const inserter = "function __insertCSS(code) {";
  return {
    name: "sonner-styles-as-file",
    enforce: "pre",
    apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
    transform(code, id) {
      if (!sonnerModule.test(id)) return;
      if (!code.includes(inserter))
        throw new Error("sonner no longer inserts its CSS as this plugin expects");
      return `import "sonner/dist/styles.css";\n${code.replace(inserter, `${inserter} return;`)}`;
    },
  };
}

/** `@/lib/format` is `src/lib/format`, wherever the importing file sits (tsconfig.json's paths). */
export const sourceAlias = { find: /^@\//, replacement: fileURLToPath(new URL("./src/", import.meta.url)) };

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema(), sonnerStylesAsFile()],
  resolve: { alias: [sourceAlias, ...(command === "build" ? productionBuilds : [])] },
  // The server's render (src/entry-server.tsx, built into dist/ssr/ by `vite build --ssr`) carries
  // its libraries inside it, React's production build among them, whatever NODE_ENV the shop's
  // server runs with (docs/decisions/0140).
  ssr: { noExternal: true },
  publicDir: isSsrBuild ? false : "public",
  ...(isSsrBuild ? { define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
  server: {
    proxy: {
      "/api": server,
      "/images": server,
      "/dev": server,
    },
  },
  build: {
    outDir: isSsrBuild ? "dist/ssr" : "dist",
    emptyOutDir: !isSsrBuild,
    // Pictures (the broadsheet's art, the office map) are files of their own, fetched when shown,
    // not base64 inside the first download's JavaScript.
    assetsInlineLimit: 0,
    // Every browser the shop supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      onwarn(warning, warn) {
        // The libraries' "use client" lines are for React Server Components, which the shop does not use.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE" && warning.message.includes("use client")) return;
        warn(warning);
      },
      output: isSsrBuild
        ? {}
        : {
            // Libraries change less often than the shop's code, so they get their own long-cached files.
            codeSplitting: {
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                // Recharts and what only it uses, loaded with the account dashboard rather than on every page.
                {
                  name: "charts",
                  test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|es-toolkit|immer|reselect|redux|redux-thunk|@reduxjs[\\/]toolkit|react-redux|eventemitter3|internmap|tiny-invariant)[\\/]/,
                },
                // The rest of the libraries but the forms' (react-hook-form), which
                // only the lazily loaded pages with forms need, the camera scanner's barcode reader
                // (barcode-detector on zxing-wasm), loaded when a scanner opens, sonner, loaded with
                // the first toast, and the icons, each of which goes with the pages that draw it.
                // With them, src/lib/zod-config.ts: in the file that holds zod, it runs before any chunk
                // that builds the contracts' schemas (which read zod's settings as they are built).
                {
                  name: "vendor",
                  test: /node_modules[\\/](?!react-hook-form[\\/]|barcode-detector[\\/]|zxing-wasm[\\/]|sonner[\\/]|lucide-react[\\/])|[\\/]src[\\/]lib[\\/]zod-config\.ts$/,
                },
                // The rest of what the first page needs, the shop's own modules and the icons it draws,
                // in one file: left to themselves they came as eleven files of 0.2 to 3.5 KB besides the
                // entry, each a request of its own on a phone's few connections (decision 133).
                { name: "app", tags: ["$initial"] },
              ],
            },
          },
    },
  },
}));
