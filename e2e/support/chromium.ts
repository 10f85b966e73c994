// Where Debian's Chromium is: the browser tests drive it rather than a downloaded browser.
import { existsSync } from "node:fs";

export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium is required for the browser tests but ${candidate} does not exist (apt-get install chromium).`,
    );
  }
  return candidate;
}
