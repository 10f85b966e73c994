// index.html's inline script is allowed by the CSP only by its exact hash: the hash must be of
// the script's text between its tags, and scripts loaded by src must not be counted.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./inline-scripts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script's text exactly and leaves scripts with a src alone", () => {
    const first = '\n      document.documentElement.classList.add("x");\n    ';
    const html = `<head><script>${first}</script><script type="module" src="/assets/index.js"></script></head>
      <body><script type="text/javascript">var a=1;</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(first), sha256("var a=1;")]);
  });

  it("finds none in a page without inline scripts", () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><p>x</p>')).toEqual([]);
  });

  it("finds the one inline script of the web app's index.html", () => {
    const html = readFileSync(path.resolve(import.meta.dirname, "../../../web/index.html"), "utf8");
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });
});
