// How a brand is drawn in SVG: its colour (the same wherever the brand appears), text fitted
// into a width, and its logo, which the server draws on request at /images/brands/<slug>.svg.
// The demo catalogue's product pictures use the same colours and lettering.

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

function hue(text: string): number {
  let hash = 0;
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** A brand's colour: dark enough for white text, the same wherever the brand is drawn. */
export function brandColour(name: string): { main: string; shade: string } {
  const h = hue(name);
  return { main: hslToHex(h, 0.62, 0.36), shade: hslToHex(h, 0.62, 0.26) };
}

export interface TextBlock {
  lines: string[];
  fontSize: number;
}

/** Fits text into a width: one line if it reads well, otherwise two split near the middle. */
export function fitText(text: string, width: number, maxSize: number): TextBlock {
  const sizeFor = (line: string) => Math.min(maxSize, Math.floor(width / (0.58 * Math.max(line.length, 1))));
  const single = sizeFor(text);
  if (single >= maxSize * 0.75 || !text.includes(" "))
    return { lines: [text], fontSize: Math.max(single, 12) };
  const middle = text.length / 2;
  let cut = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === " " && (cut < 0 || Math.abs(i - middle) < Math.abs(cut - middle))) cut = i;
  }
  const lines = [text.slice(0, cut), text.slice(cut + 1)];
  return { lines, fontSize: Math.max(12, Math.min(...lines.map(sizeFor))) };
}

/** The first letters of a brand's words, at most `count` of them: "Cape Cocoa Co." -> "CCC". */
export function brandInitials(name: string, count: number): string {
  return name
    .split(/\s+/)
    .map((word) =>
      word
        .replace(/[^A-Za-z]/g, "")
        .charAt(0)
        .toUpperCase(),
    )
    .join("")
    .slice(0, count);
}

/** A brand's logo, 320 x 120: its initials in a roundel and its name beside it. */
export function brandLogoSvg(name: string): string {
  const { main, shade } = brandColour(name);
  const initials = brandInitials(name, 2);
  const block = fitText(name, 200, 26);
  const lineHeight = Math.round(block.fontSize * 1.15);
  const top = Math.round(60 - (block.lines.length * lineHeight) / 2);
  const words = block.lines
    .map(
      (line, i) => `<text x="110" y="${top + block.fontSize + i * lineHeight - 4}">${escapeXml(line)}</text>`,
    )
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120" viewBox="0 0 320 120">` +
    `<rect width="320" height="120" rx="14" fill="${main}"/><circle cx="58" cy="60" r="38" fill="${shade}" stroke="#fff" stroke-width="3"/>` +
    `<g font-family="Arial,Helvetica,sans-serif" fill="#fff" font-weight="700"><text x="58" y="70" font-size="28" text-anchor="middle">${escapeXml(initials)}</text>` +
    `<g font-size="${block.fontSize}">${words}</g></g></svg>`
  );
}
