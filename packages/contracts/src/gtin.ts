// Barcodes (GS1 GTINs) as a scanner or a buyer gives them: GTIN-8 (EAN-8), GTIN-12 (UPC-A),
// GTIN-13 (EAN-13) or GTIN-14, each ending in a check digit. The shop stores and compares them
// as GTIN-14 (left-padded with zeros), so every form of one barcode finds the same product.
import { z } from "zod";

const LENGTHS = [8, 12, 13, 14];

/** The GS1 check digit for a GTIN's digits before it: weights 3 and 1 from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - 1 - i;
    sum += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** What is wrong with `code` as a barcode, or null when it is a valid GTIN. */
export function gtinProblem(code: string): string | null {
  if (!/^\d+$/.test(code)) return "A barcode is digits only.";
  if (!LENGTHS.includes(code.length)) return "A barcode has 8, 12, 13 or 14 digits.";
  const expected = gtinCheckDigit(code.slice(0, -1));
  if (Number(code.at(-1)) !== expected)
    return `The barcode ${code} has a wrong check digit: it should end in ${expected}.`;
  return null;
}

/** A valid GTIN as GTIN-14. */
export function toGtin14(code: string): string {
  return code.padStart(14, "0");
}

/** `text` (spaces allowed) as GTIN-14 when it reads as a valid barcode, else null. */
export function gtinOf(text: string): string | null {
  const code = text.replace(/\s+/g, "");
  return gtinProblem(code) === null ? toGtin14(code) : null;
}

/** Whether `text` (spaces allowed) reads as a valid barcode; the search box uses it. */
export function isGtin(text: string): boolean {
  return gtinOf(text) !== null;
}

/** A barcode in a request: checked, and given to the handler as GTIN-14. */
export const Gtin = z
  .string()
  .trim()
  .transform((code) => code.replace(/\s+/g, ""))
  .superRefine((code, ctx) => {
    const problem = gtinProblem(code);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform(toGtin14);
