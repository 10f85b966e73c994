// Bundles the server into dist/ with esbuild: our code and the contracts workspace (which is
// TypeScript source) are bundled; every npm dependency stays external, loaded from node_modules.
import { build } from "esbuild";

const externalNpmPackages = {
  name: "external-npm-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@trade-shop/") ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: ["src/main.ts", "src/demo-data/seed-cli.ts"],
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: "warning",
});
