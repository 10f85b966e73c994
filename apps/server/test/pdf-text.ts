// Reads a PDF the shop wrote the way a viewer would start to: pdf-lib parses the file, each
// page's content streams are decoded, and the text its show-text operators draw is returned
// page by page, for tests that check what a statement or invoice says.
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFObject } from "pdf-lib";

function streamsOf(contents: PDFObject | undefined, doc: PDFDocument): PDFRawStream[] {
  if (contents instanceof PDFRawStream) return [contents];
  if (contents instanceof PDFArray) {
    return contents.asArray().flatMap((ref) => streamsOf(doc.context.lookup(ref), doc));
  }
  return [];
}

export async function readPdf(bytes: Uint8Array | Buffer): Promise<{ doc: PDFDocument; pages: string[][] }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = doc.getPages().map((page) => {
    const texts: string[] = [];
    for (const stream of streamsOf(page.node.Contents(), doc)) {
      const source = Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
      for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        texts.push(Buffer.from(match[1]!, "hex").toString("latin1"));
      }
    }
    return texts;
  });
  return { doc, pages };
}
