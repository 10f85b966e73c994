// Order lines as traders write them (docs/behaviour.md "Quick order"): "6 x coke 2l",
// "coke 2l, 6", "BEV1291 6 packs", a spreadsheet's columns, or a WhatsApp chat pasted whole with
// its "[28/11/2026, 06:12] Thabo: " prefixes and emoji. Each line is read as what to look for (a
// code, a barcode or search words) and a number of packs; a line that holds no order (a
// greeting, thanks, a heading, a picture left out of the copy) is skipped with its reason, never
// dropped unseen. The same format is written back by orderLinesText, so a shared cart or order
// list reads back into the pad as the same lines. Shared by the web pad and the server's tests.
import { QUICK_ORDER_MAX_LINES } from "./quick-order";

export type ReadLine =
  | {
      kind: "line";
      /** The line's place in the text, from 0 (blank lines count). */
      row: number;
      /** What to look for: a SKU code, a barcode, a description or search words. */
      code: string;
      /**
       * Packs as written; any number (0, -3, 2.5 are read, and the preview calls them wrong).
       * A line without a number is one pack.
       */
      quantity: number;
    }
  | {
      kind: "skipped";
      row: number;
      /** The line as it was, for the pad to show. */
      text: string;
      /** Why it is not an order line, in words. */
      reason: string;
    };

export interface ReadText {
  /** Every line that is not blank, in order. */
  entries: ReadLine[];
  /** The order lines among them, at most QUICK_ORDER_MAX_LINES. */
  lines: Extract<ReadLine, { kind: "line" }>[];
  /** Set when there were more order lines than one preview takes. */
  tooMany: boolean;
}

/** A quantity that could not be read as a number: the preview says the quantity is wrong. */
const UNREADABLE = 0;
/** Longest code or search a line sends (the preview's limit). */
const MAX_CODE = 120;

// "[28/11/2026, 06:12] Thabo: " (iPhone) and "28/11/2026, 06:12 - Thabo: " (Android), with
// seconds, am/pm, two-digit years and the invisible marks WhatsApp puts around them.
const CHAT_TIME = String.raw`\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4},?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?`;
const CHAT_PREFIX = new RegExp(String.raw`^\[${CHAT_TIME}\]\s*(?:([^:]{1,60}):\s?)?`, "iu");
const CHAT_PREFIX_ANDROID = new RegExp(String.raw`^${CHAT_TIME}\s+[-–]\s+(?:([^:]{1,60}):\s?)?`, "iu");
const INVISIBLE = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\u200b]/gu;
// Emoji, skin tones and flags, and the joiners and variation marks between them ("6️⃣" is a 6).
const EMOJI = /\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|[\u{1F1E6}-\u{1F1FF}]|\u200d|\ufe0f|\u20e3/gu;
const BULLET = /^(?:[-*•·>▪◦–—]\s*)+/u;

/** What WhatsApp writes in place of what it leaves out of a copied chat. */
const CHAT_PLACEHOLDERS =
  /^<?(?:media omitted|image omitted|video omitted|audio omitted|sticker omitted|gif omitted|document omitted|contact card omitted|this message was deleted|you deleted this message|missed voice call|missed video call|null)>?$/i;
/** The chat's own notices (no sender): encryption, joins, number changes. */
const CHAT_NOTICE =
  /(?:end-to-end encrypted|created group|added you|changed the subject|changed this group|left$|joined using|security code|changed their phone number|disappearing messages)/i;

/** Words of chat that order nothing: greetings, thanks, please, in the languages of the shops. */
const CHAT_WORDS = new Set(
  (
    "hi hello hallo hey hiya howzit heita sho yebo morning good goeie more day afternoon evening night " +
    "thanks thank thankyou thx tx ta cheers shap sharp sho please pls plz plse kindly asb asseblief " +
    "ok okay k yes yeah no sure fine great noted regards kind bye later sir madam mam maam boss bra bro " +
    "my friend dear all team you u guys sawubona sanibonani dumela dumelang molo molweni avuxeni ndaa " +
    "ngiyabonga siyabonga enkosi ke a leboga kealeboha dankie baie dankie dankie thobela lotjhani the " +
    "and to me us for here is this our order orders list send sent need needs want today tomorrow " +
    "again as usual same week weeks stock urgent asap"
  ).split(" "),
);

/** Words after a number that say packs (the shop sells by the pack: a case, a carton, each). */
const PACK_WORDS = String.raw`(?:packs?|pks?|pkts?|packets?|cases?|cs|ctns?|cartons?|boxes?|bx|bxs|each|ea|units?|pcs|pieces?|x)`;
/** Words after a number that make it a size ("2 l", "500 ml"), not a count of packs. */
const SIZE_WORD = /^(?:ml|l|lt|ltr|litres?|liters?|g|gr|grams?|kg|kgs|mm|cm|m|%|s|v|w|mah)\b/i;
// A count of packs has at most 7 digits: a run of 8 or more is a barcode (EAN-8, UPC-A, EAN-13),
// so "6000012000375,2" is a barcode and 2 packs, not the number 6000012000375.2.
const NUMBER = String.raw`[-−]?\d{1,7}(?:[.,]\d+)?(?!\d)`;

// Quantity first: "6 x coke 2l", "6x coke", "6 packs coke", "x6 coke", "6 BEV1291".
const LEADING = new RegExp(
  String.raw`^(?:[x×*]\s*)?(${NUMBER})\s*(?:${PACK_WORDS}\b|[x×*])?\s*(?:of\s+)?(.+)$`,
  "iu",
);
const SIX_PACK = /^\d{1,3}[x×*]\d/iu;
// Quantity last: "coke 2l x6", "coke 2l - 6", "BEV1291 6 packs", "coke 2l 6", "coke 2l @ 6".
const TRAILING = new RegExp(
  String.raw`^(.+?)(?:\s+(?:[x×*@=:]|-\s|–|—)\s*|\s*[×*]\s*|\s+)(${NUMBER})\s*(?:${PACK_WORDS}\.?)?$`,
  "iu",
);

function readNumber(text: string): number {
  const t = text.trim().replace("−", "-").replace(",", ".");
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : UNREADABLE;
}

const isNumberLike = (text: string) =>
  new RegExp(String.raw`^(?:[x×*]\s*)?${NUMBER}\s*(?:${PACK_WORDS}\.?)?$`, "iu").test(text.trim());

/** Strips what a chat copy adds; reports the chat's own notices. */
function unwrapChat(raw: string): { text: string; notice: boolean } {
  let text = raw.replace(INVISIBLE, "").trim();
  const prefix = CHAT_PREFIX.exec(text) ?? CHAT_PREFIX_ANDROID.exec(text);
  let notice = false;
  if (prefix) {
    text = text.slice(prefix[0].length);
    // No "Name:" after the time: WhatsApp's own line ("Messages and calls are end-to-end encrypted").
    notice = prefix[1] === undefined && CHAT_NOTICE.test(text);
  }
  text = text
    .replace(EMOJI, " ")
    .replace(BULLET, "")
    .replace(/[^\S\t]+/g, " ")
    .trim();
  return { text, notice };
}

function skipReason(text: string, raw: string, notice: boolean): string | null {
  if (notice) return "A WhatsApp notice, not an order line.";
  if (text === "") return /\S/.test(raw) ? "Only emoji or punctuation: nothing to order." : null;
  if (CHAT_PLACEHOLDERS.test(text))
    return "Left out of the copied chat (a picture, a call or a deleted message).";
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return "Only punctuation: nothing to order.";
  if (words.every((w) => CHAT_WORDS.has(w.replace(/'/g, ""))))
    return "Chat (a greeting, thanks or a note), not an order line.";
  if (/:$/.test(text) && !/\d/.test(text)) return "A heading, not an order line.";
  return null;
}

/** The spreadsheet's or CSV's columns: a code and a quantity, either way round. */
function readColumns(columns: string[]): { code: string; quantity: number } | null {
  const cells = columns.map((c) => c.trim()).filter((c) => c !== "");
  if (cells.length === 0) return null;
  if (cells.length === 1) return readFree(cells[0]!);
  const last = cells[cells.length - 1]!;
  const first = cells[0]!;
  // A spreadsheet's code and quantity columns, with others after them (a note, a tick).
  if (cells.length > 2 && !isNumberLike(first) && isNumberLike(cells[1]!))
    return { code: first, quantity: readNumber(stripPackWords(cells[1]!)) };
  if (isNumberLike(last))
    return { code: cells.slice(0, -1).join(", "), quantity: readNumber(stripPackWords(last)) };
  if (isNumberLike(first))
    return { code: cells.slice(1).join(", "), quantity: readNumber(stripPackWords(first)) };
  // A word where the packs should be ("six"): the line says its quantity is wrong.
  if (cells.length === 2) return { code: first, quantity: UNREADABLE };
  return { code: cells.join(", "), quantity: 1 };
}

function stripPackWords(text: string): string {
  return text
    .replace(/^[x×*]\s*/iu, "")
    .replace(new RegExp(String.raw`\s*${PACK_WORDS}\.?$`, "iu"), "")
    .replace(/\s*[x×*]$/iu, "");
}

/** One line of free text: a number before or after what to look for. */
function readFree(text: string): { code: string; quantity: number } {
  const leading = LEADING.exec(text);
  // "2 litre coke", "500 ml": the number is a size. "6x2l coke" (no spaces): a six-pack of 2 L.
  if (leading && !SIZE_WORD.test(leading[2]!) && !SIX_PACK.test(text) && !isNumberLike(leading[2]!))
    return { code: leading[2]!.trim(), quantity: readNumber(leading[1]!) };
  const trailing = TRAILING.exec(text);
  if (trailing) return { code: trailing[1]!.replace(/[\s,;:-]+$/u, ""), quantity: readNumber(trailing[2]!) };
  return { code: text, quantity: 1 };
}

const HEADER_WORDS =
  /^(?:qty|quantity|quantities|packs?|amount|code|codes|sku|skus|sku code|product|products|product code|description|barcode|item|items|name)$/i;

/** One line of the pad; null for a blank one. */
export function readOrderLine(raw: string, row = 0): ReadLine | null {
  if (raw.trim() === "") return null;
  const { text, notice } = unwrapChat(raw);
  const reason = skipReason(text, raw, notice);
  if (reason) return { kind: "skipped", row, text: raw.trim(), reason };
  if (isNumberLike(text))
    return { kind: "skipped", row, text: raw.trim(), reason: "Only a number: say what to order." };
  // Tabs (a spreadsheet's columns) win over commas, which may be a description's ("Chips, salted").
  const columns = text.split(text.includes("\t") ? "\t" : /[;,]/);
  if (columns.length > 1 && columns.every((c) => c.trim() === "" || HEADER_WORDS.test(c.trim())))
    return { kind: "skipped", row, text: raw.trim(), reason: "A header row, not an order line." };
  const read = columns.length > 1 ? readColumns(columns) : readFree(text.replace(/\t/g, " "));
  if (!read || read.code === "")
    return { kind: "skipped", row, text: raw.trim(), reason: "Only a number: say what to order." };
  return { kind: "line", row, code: read.code.slice(0, MAX_CODE), quantity: read.quantity };
}

/** The pad's text, line by line. */
export function readOrderText(text: string): ReadText {
  const entries = text
    .split(/\r?\n/)
    .map((raw, row) => readOrderLine(raw, row))
    .filter((e): e is ReadLine => e !== null);
  const lines = entries.filter((e): e is Extract<ReadLine, { kind: "line" }> => e.kind === "line");
  return {
    entries,
    lines: lines.slice(0, QUICK_ORDER_MAX_LINES),
    tooMany: lines.length > QUICK_ORDER_MAX_LINES,
  };
}

export interface SharedLine {
  quantity: number;
  skuCode: string;
  description: string;
}

/** One line as the pad writes it and reads it back: "6 x CHP1374 Simba Chips Salted 125g". */
export const orderLineText = (line: SharedLine) => `${line.quantity} x ${line.skuCode} ${line.description}`;

/** A cart or an order list as plain text, a line each, for WhatsApp or a message. */
export const orderLinesText = (lines: readonly SharedLine[]) => lines.map(orderLineText).join("\n");
