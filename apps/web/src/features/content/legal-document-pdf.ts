// Writes a legal document as a small, text-only PDF (A4, the PDF standard fonts Helvetica and
// Helvetica-Bold, so no font files are embedded). The terms PDF in public/docs is made by this
// from the same text as the terms page; legal-document-pdf.test.ts keeps the two in step.
import type { LegalBlock, LegalDocument } from "./legal-document";

type Font = "regular" | "bold";

// Advance widths (1/1000 em) of the printable ASCII characters, from the fonts' Adobe metrics.
const ASCII_WIDTHS: Record<Font, readonly number[]> = {
  regular: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
    500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
    556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
    278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
  ],
  bold: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
    556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
    556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
    333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
  ],
};

// The few characters outside ASCII the shop's texts use, as WinAnsi codes and widths.
const WIN_ANSI: Record<string, { code: number; width: number }> = {
  "•": { code: 0o225, width: 350 },
  "–": { code: 0o226, width: 556 },
  "—": { code: 0o227, width: 1000 },
  "‘": { code: 0o221, width: 222 },
  "’": { code: 0o222, width: 222 },
  "“": { code: 0o223, width: 333 },
  "”": { code: 0o224, width: 333 },
  é: { code: 0o351, width: 556 },
};

function charWidth(char: string, font: Font): number {
  const code = char.charCodeAt(0);
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[font][code - 32] ?? 556;
  const mapped = WIN_ANSI[char];
  if (!mapped) throw new Error(`The PDF writer cannot show the character "${char}" (U+${code.toString(16)})`);
  return mapped.width;
}

/** Width of `text` in points at `size`. */
export function textWidth(text: string, font: Font, size: number): number {
  let units = 0;
  for (const char of text) units += charWidth(char, font);
  return (units * size) / 1000;
}

/** A PDF string literal: backslash, brackets escaped, non-ASCII as WinAnsi octal codes. */
export function pdfString(text: string): string {
  let out = "(";
  for (const char of text) {
    if (char === "\\" || char === "(" || char === ")") out += `\\${char}`;
    else if (char.charCodeAt(0) >= 32 && char.charCodeAt(0) <= 126) out += char;
    else {
      const mapped = WIN_ANSI[char];
      if (!mapped) throw new Error(`The PDF writer cannot show the character "${char}"`);
      out += `\\${mapped.code.toString(8).padStart(3, "0")}`;
    }
  }
  return `${out})`;
}

/** Breaks `text` into lines no wider than `maxWidth` points, at spaces. */
export function wrapText(text: string, font: Font, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, font, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const PAGE = { width: 595, height: 842, left: 56, right: 56, top: 64, bottom: 64 };
const TEXT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
const BODY = { size: 10, leading: 14 };

interface Line {
  text: string;
  font: Font;
  size: number;
  x: number;
  /** Space above the line, in points (leading plus any gap before a paragraph). */
  above: number;
}

function layoutLines(doc: LegalDocument): Line[] {
  const lines: Line[] = [];
  const paragraph = (
    text: string,
    options: { font?: Font; size?: number; indent?: number; gap?: number; bullet?: string } = {},
  ) => {
    const font = options.font ?? "regular";
    const size = options.size ?? BODY.size;
    const indent = options.indent ?? 0;
    const leading = Math.round(size * 1.4);
    wrapText(text, font, size, TEXT_WIDTH - indent).forEach((text, index) => {
      const bullet = index === 0 && options.bullet ? options.bullet : "";
      lines.push({
        text: bullet ? `${bullet} ${text}` : text,
        font,
        size,
        x: PAGE.left + indent - (bullet ? textWidth(`${bullet} `, font, size) : 0),
        above: leading + (index === 0 ? (options.gap ?? 0) : 0),
      });
    });
  };
  const block = (content: LegalBlock) => {
    if (typeof content === "string") paragraph(content, { gap: 6 });
    else if ("list" in content)
      content.list.forEach((item, i) => paragraph(item, { indent: 14, bullet: "•", gap: i === 0 ? 6 : 3 }));
    else if ("facts" in content)
      content.facts.forEach(([label, value], i) => paragraph(`${label}: ${value}`, { gap: i === 0 ? 6 : 2 }));
    else {
      paragraph(content.table.caption, { font: "bold", gap: 6 });
      content.table.rows.forEach((row) => paragraph(row.join(": "), { indent: 14, bullet: "•", gap: 3 }));
    }
  };

  paragraph(doc.title, { font: "bold", size: 18 });
  paragraph(`Last updated ${doc.updated}`, { gap: 2 });
  doc.intro.forEach((text) => paragraph(text, { gap: 8 }));
  doc.sections.forEach((section, index) => {
    paragraph(`${index + 1}. ${section.title}`, { font: "bold", size: 12, gap: 12 });
    section.blocks.forEach(block);
  });
  return lines;
}

function paginate(lines: Line[]): { line: Line; y: number }[][] {
  const pages: { line: Line; y: number }[][] = [[]];
  let y = PAGE.height - PAGE.top;
  for (const line of lines) {
    let page = pages[pages.length - 1]!;
    if (page.length > 0 && y - line.above < PAGE.bottom) {
      page = [];
      pages.push(page);
      y = PAGE.height - PAGE.top;
    }
    // The first line on a page starts at the top margin, without the gap it had before it.
    y -= page.length === 0 ? line.size : line.above;
    page.push({ line, y });
  }
  return pages;
}

const fontName: Record<Font, string> = { regular: "F1", bold: "F2" };
const num = (n: number) => String(Math.round(n * 100) / 100);

/** The document as the bytes of a PDF file; every byte is ASCII, so the string's length is its size. */
export function legalDocumentPdf(doc: LegalDocument, author: string): string {
  const pages = paginate(layoutLines(doc));
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  // 1 catalog, 2 page tree, 3-4 fonts, 5 info; then a page and its content stream per page.
  const pageIds = pages.map((_, i) => 6 + i * 2);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`);
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  add(`<< /Title ${pdfString(doc.title)} /Author ${pdfString(author)} >>`);
  pages.forEach((page, index) => {
    const footer = `${author} - ${doc.title} - page ${index + 1} of ${pages.length}`;
    const stream = [
      ...page.map(
        ({ line, y }) =>
          `BT /${fontName[line.font]} ${line.size} Tf ${num(line.x)} ${num(y)} Td ${pdfString(line.text)} Tj ET`,
      ),
      `BT /F1 8 Tf ${PAGE.left} 36 Td ${pdfString(footer)} Tj ET`,
    ].join("\n");
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`,
    );
    add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });

  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}
