// Draws the installable shop's icons from the logo mark: 192 and 512 px "any"
// icons (the rounded mark on transparency) and a 512 px "maskable" one (the mark inside the
// 80% safe zone on a full-bleed brand green, so a launcher may cut any shape from it).
// Run once after the logo changes: node apps/web/scripts/app-icons.mjs (the PNGs are committed).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const mark = await readFile(path.join(web, "src/assets/logo-mark.svg"));
const out = (name) => path.join(web, "public/icons", name);

for (const size of [192, 512]) {
  await sharp(mark, { density: (72 * size) / 48 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(out(`icon-${size}.png`));
}
const inner = Math.round(512 * 0.7);
const drawn = await sharp(mark, { density: (72 * inner) / 48 })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#0b6e4f" } })
  .composite([{ input: drawn, gravity: "center" }])
  .png({ compressionLevel: 9 })
  .toFile(out("maskable-512.png"));
