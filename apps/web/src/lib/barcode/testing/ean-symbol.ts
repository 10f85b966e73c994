// Test support: draws an EAN-13, UPC-A or EAN-8 symbol as GS1 General Specifications §5.2
// describes it (start, centre and end guards, digits from the L, G and R tables, quiet zones),
// so the camera scanner's decoding can be tested on barcodes made here rather than on pictures
// kept in the repository. Grey levels only: 0 is a bar, 255 a space.

/** The L (odd parity) set; G is L inverted and reversed, R is L inverted. */
const L_CODES = [
  "0001101",
  "0011001",
  "0010011",
  "0111101",
  "0100011",
  "0110001",
  "0101111",
  "0111011",
  "0110111",
  "0001011",
];
/** Which of the EAN-13's six left digits use the G set, chosen by its first digit (1 = G). */
const FIRST_DIGIT_PARITY = [
  "000000",
  "001011",
  "001101",
  "001110",
  "010011",
  "011001",
  "011100",
  "010110",
  "010101",
  "011010",
];

const invert = (bits: string) => bits.replace(/[01]/g, (bit) => (bit === "0" ? "1" : "0"));
const lCode = (digit: number) => L_CODES[digit]!;
const gCode = (digit: number) => [...invert(lCode(digit))].reverse().join("");
const rCode = (digit: number) => invert(lCode(digit));

const GUARD = "101";
const CENTRE = "01010";

/**
 * The symbol's modules, "1" for a dark one, without quiet zones: 95 for EAN-13 and UPC-A (a
 * UPC-A is an EAN-13 whose first digit is 0), 67 for EAN-8. The digits are drawn as given,
 * check digit included, so a test can also draw a wrong one.
 */
export function eanModules(code: string): string {
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(code)) throw new Error(`not an EAN-8, UPC-A or EAN-13: ${code}`);
  const digits = [...code.padStart(code.length === 8 ? 8 : 13, "0")].map(Number);
  if (digits.length === 8) {
    const left = digits.slice(0, 4).map(lCode).join("");
    const right = digits.slice(4).map(rCode).join("");
    return GUARD + left + CENTRE + right + GUARD;
  }
  const parity = FIRST_DIGIT_PARITY[digits[0]!]!;
  const left = digits
    .slice(1, 7)
    .map((digit, i) => (parity[i] === "1" ? gCode(digit) : lCode(digit)))
    .join("");
  const right = digits.slice(7).map(rCode).join("");
  return GUARD + left + CENTRE + right + GUARD;
}

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, row by row. */
  grey: Uint8Array;
}

export interface DrawOptions {
  /** Pixels per module (the X dimension). */
  moduleWidth?: number;
  barHeight?: number;
  /** The image's size; the symbol is centred in it. By default just the symbol and its quiet zones. */
  width?: number;
  height?: number;
}

/** The symbol black on white, with its quiet zones (EAN-13 11 and 7 modules, EAN-8 7 and 7). */
export function drawEan(
  code: string,
  { moduleWidth = 3, barHeight = 60, width, height }: DrawOptions = {},
): GreyImage {
  const modules = eanModules(code);
  const [quietLeft, quietRight] = code.length === 8 ? [7, 7] : [11, 7];
  const symbolWidth = (quietLeft + modules.length + quietRight) * moduleWidth;
  const imageWidth = width ?? symbolWidth;
  const imageHeight = height ?? barHeight + 2 * moduleWidth * 5;
  if (imageWidth < symbolWidth || imageHeight < barHeight)
    throw new Error(`${code} needs ${symbolWidth} x ${barHeight} px at ${moduleWidth} px a module`);
  const grey = new Uint8Array(imageWidth * imageHeight).fill(255);
  const left = Math.floor((imageWidth - symbolWidth) / 2) + quietLeft * moduleWidth;
  const top = Math.floor((imageHeight - barHeight) / 2);
  for (let m = 0; m < modules.length; m++) {
    if (modules[m] !== "1") continue;
    for (let y = top; y < top + barHeight; y++) {
      const row = y * imageWidth + left + m * moduleWidth;
      grey.fill(0, row, row + moduleWidth);
    }
  }
  return { width: imageWidth, height: imageHeight, grey };
}
