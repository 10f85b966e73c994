// Pictures for the demo catalogue, drawn as small SVGs: a pack of the product's shape in its
// brand's colour with the brand, flavour and size on it (the brand's colour and lettering are
// the catalogue's, as on its logos). Same input, same bytes, so the images have stable hashes.
import { brandColour, escapeXml, fitText, contentHash, type TextBlock } from "../modules/catalogue";
import type { Category, Shape } from "./catalogue-data";

export const IMAGE_SIZE = 600;

export interface ProductImageRow {
  skuCode: string;
  position: number;
  isCover: boolean;
  contentHash: string;
  mimeType: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProductPicture {
  skuCode: string;
  category: Category;
  shape: Shape;
  brand: string;
  variant: string;
  noun: string;
  /** The printed unit size, e.g. "125g". */
  size: string;
}

const BACKGROUND: Record<Category, string> = {
  Chips: "#fff4d6",
  Chocolates: "#f3e6dc",
  Liquor: "#ece6f3",
  Sweets: "#fde4ef",
  Beverages: "#e0f2fb",
  Biscuits: "#f6ecd9",
  Hygiene: "#e3f5ec",
};

/** `/images/brands/<slug>.svg` names a brand's logo. */
export function brandSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function brandImageUrl(name: string): string {
  return `/images/brands/${brandSlug(name)}.svg`;
}

interface Layout {
  body: string;
  /** Centre and width of the area the words go in, and their colour. */
  x: number;
  y: number;
  width: number;
  ink: string;
}

function drawShape(shape: Shape, main: string, shade: string): Layout {
  const light = "#f8f4ea";
  switch (shape) {
    case "bag":
      return {
        body: `<rect x="160" y="78" width="280" height="32" fill="${shade}"/><path d="M172 108Q148 300 172 502H428Q452 300 428 108Z" fill="${main}"/><rect x="160" y="500" width="280" height="32" fill="${shade}"/>`,
        x: 300,
        y: 300,
        width: 230,
        ink: "#fff",
      };
    case "pouch":
      return {
        body: `<path d="M182 118H418Q446 330 416 522H184Q154 330 182 118Z" fill="${main}"/><rect x="182" y="104" width="236" height="18" rx="6" fill="${shade}"/>`,
        x: 300,
        y: 320,
        width: 210,
        ink: "#fff",
      };
    case "box":
      return {
        body: `<path d="M175 130L215 92H465L425 130Z" fill="${shade}"/><path d="M425 130L465 92V482L425 520Z" fill="${shade}" opacity=".8"/><rect x="175" y="130" width="250" height="390" fill="${main}"/>`,
        x: 300,
        y: 325,
        width: 220,
        ink: "#fff",
      };
    case "bar":
      return {
        body: `<rect x="70" y="195" width="460" height="210" rx="10" fill="${main}"/><path d="M70 195h40v210H70zM490 195h40v210h-40z" fill="#c8c8c8"/>`,
        x: 300,
        y: 300,
        width: 360,
        ink: "#fff",
      };
    case "can":
      return {
        body: `<rect x="195" y="118" width="210" height="390" rx="18" fill="${main}"/><ellipse cx="300" cy="122" rx="105" ry="16" fill="#cfcfcf"/><rect x="195" y="470" width="210" height="24" fill="${shade}"/>`,
        x: 300,
        y: 300,
        width: 190,
        ink: "#fff",
      };
    case "bottle":
      return {
        body: `<rect x="264" y="52" width="72" height="34" rx="6" fill="${shade}"/><path d="M272 84H328V150Q400 185 400 250V512Q400 532 380 532H220Q200 532 200 512V250Q200 185 272 150Z" fill="${main}"/>`,
        x: 300,
        y: 360,
        width: 185,
        ink: "#fff",
      };
    case "wine":
      return {
        body: `<path d="M282 40H318V190Q382 220 382 290V532Q382 548 366 548H234Q218 548 218 532V290Q218 220 282 190Z" fill="${shade}"/><rect x="226" y="300" width="148" height="180" fill="${light}"/>`,
        x: 300,
        y: 390,
        width: 140,
        ink: main,
      };
    case "tub":
      return {
        body: `<rect x="150" y="186" width="300" height="48" rx="10" fill="${shade}"/><path d="M162 232H438L422 486Q420 500 404 500H196Q180 500 178 486Z" fill="${main}"/>`,
        x: 300,
        y: 365,
        width: 240,
        ink: "#fff",
      };
    case "tube":
      return {
        body: `<path d="M80 232H470L510 252V348L470 368H80Z" fill="${main}"/><rect x="66" y="228" width="22" height="144" fill="${shade}"/><rect x="508" y="266" width="40" height="68" rx="6" fill="${shade}"/>`,
        x: 290,
        y: 300,
        width: 360,
        ink: "#fff",
      };
    case "carton":
      return {
        body: `<path d="M200 172L240 92H360L400 172Z" fill="${shade}"/><rect x="200" y="172" width="200" height="350" fill="${main}"/>`,
        x: 300,
        y: 345,
        width: 180,
        ink: "#fff",
      };
  }
}

function textLines(
  block: TextBlock,
  x: number,
  top: number,
  weight: string,
  ink: string,
): { svg: string; bottom: number } {
  const lineHeight = Math.round(block.fontSize * 1.15);
  const svg = block.lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${top + block.fontSize + i * lineHeight}" font-size="${block.fontSize}"${weight ? ` font-weight="${weight}"` : ""} fill="${ink}">${escapeXml(line)}</text>`,
    )
    .join("");
  return { svg, bottom: top + block.lines.length * lineHeight };
}

export function productImageSvg(picture: ProductPicture): string {
  const { main, shade } = brandColour(picture.brand);
  const layout = drawShape(picture.shape, main, shade);
  const blocks: [TextBlock, string][] = [
    [fitText(picture.brand, layout.width, 30), "700"],
    [fitText(picture.variant, layout.width, 26), ""],
    ...(picture.noun ? ([[fitText(picture.noun, layout.width, 20), ""]] as [TextBlock, string][]) : []),
    [fitText(picture.size, layout.width, 28), "700"],
  ];
  const gap = 10;
  const height = blocks.reduce(
    (sum, [block]) => sum + block.lines.length * Math.round(block.fontSize * 1.15) + gap,
    -gap,
  );
  let top = Math.round(layout.y - height / 2);
  let words = "";
  for (const [block, weight] of blocks) {
    const drawn = textLines(block, layout.x, top, weight, layout.ink);
    words += drawn.svg;
    top = drawn.bottom + gap;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 600 600">` +
    `<rect width="600" height="600" fill="${BACKGROUND[picture.category]}"/>${layout.body}` +
    `<g font-family="Arial,Helvetica,sans-serif" text-anchor="middle">${words}</g></svg>`
  );
}

export function productImageRow(picture: ProductPicture): ProductImageRow {
  const data = Buffer.from(productImageSvg(picture), "utf8");
  return {
    skuCode: picture.skuCode,
    position: 0,
    isCover: true,
    contentHash: contentHash(data),
    mimeType: "image/svg+xml",
    width: IMAGE_SIZE,
    height: IMAGE_SIZE,
    data,
  };
}
