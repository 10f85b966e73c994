// The benchmarks' floor: the smallest content-hashed file of the built web app, the cheapest thing
// the server sends, timed beside what is measured in the same run.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The smallest content-hashed file under `root`'s apps/web/dist/assets. */
export function smallestAsset(root: string): { url: string; bytes: number } {
  const dir = path.join(root, "apps/web/dist/assets");
  const files = readdirSync(dir)
    .filter((f) => /-[\w-]{8}\.\w+$/.test(f))
    .map((f) => ({ url: `/assets/${f}`, bytes: statSync(path.join(dir, f)).size }))
    .sort((a, b) => a.bytes - b.bytes);
  if (!files[0]) throw new Error(`no hashed assets in ${dir}`);
  return files[0];
}
