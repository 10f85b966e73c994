// A fake camera for the barcode scanner's browser tests: a barcode drawn black on white (by the
// scanner's own test support, from the GS1 tables) as a few frames of YUV4MPEG2 video, which
// Chromium plays in a loop as the only camera, with camera access granted without asking.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { drawEan } from "../../apps/web/src/lib/barcode/testing/ean-symbol";

export interface FakeCamera {
  /** Chromium's switches for it: pass them to launchBrowser. */
  args: string[];
  remove(): void;
}

/**
 * `frames` frames of `width` x `height` 4:2:0 video (grey: every chroma sample 128) showing
 * `code` large, as a phone held close to a pack sees it.
 */
export function barcodeVideo(code: string, { width = 640, height = 480, frames = 5 } = {}): Buffer {
  const { grey } = drawEan(code, { moduleWidth: 5, barHeight: Math.round(height * 0.6), width, height });
  const chroma = Buffer.alloc(2 * (width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), grey, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/** Writes the video of `code` to a folder of its own; remove() deletes it. */
export function fakeCameraShowing(code: string): FakeCamera {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tradeshop-camera-"));
  const file = path.join(dir, "barcode.y4m");
  writeFileSync(file, barcodeVideo(code));
  return {
    args: [
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${file}`,
    ],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
