// PayFast's redirect ("custom integration") protocol, the parts the shop speaks
// (docs/payments.md): the signed form the browser posts to PayFast's payment page, and the
// checks of an ITN (instant transaction notification) before a payment is believed:
//   1. the signature over the posted fields, in the order posted, with the passphrase;
//   2. the amount is the payment's own (checked where the payment is read, itn.ts);
//   3. PayFast confirms the very fields it posted ("VALID" from /eng/query/validate).
// The same functions serve the built-in sandbox (sandbox.ts), so both ends sign alike.
import { createHash } from "node:crypto";

/** The payment form's fields in the order PayFast signs them (its documentation's order). */
export const CHECKOUT_FIELD_ORDER = [
  "merchant_id",
  "merchant_key",
  "return_url",
  "cancel_url",
  "notify_url",
  "name_first",
  "name_last",
  "email_address",
  "cell_number",
  "m_payment_id",
  "amount",
  "item_name",
  "item_description",
  "custom_int1",
  "custom_int2",
  "custom_int3",
  "custom_int4",
  "custom_int5",
  "custom_str1",
  "custom_str2",
  "custom_str3",
  "custom_str4",
  "custom_str5",
  "email_confirmation",
  "confirmation_address",
  "payment_method",
] as const;

/** An ITN's fields in the order PayFast posts them. */
export const ITN_FIELD_ORDER = [
  "m_payment_id",
  "pf_payment_id",
  "payment_status",
  "item_name",
  "item_description",
  "amount_gross",
  "amount_fee",
  "amount_net",
  "custom_str1",
  "custom_str2",
  "custom_str3",
  "custom_str4",
  "custom_str5",
  "custom_int1",
  "custom_int2",
  "custom_int3",
  "custom_int4",
  "custom_int5",
  "name_first",
  "name_last",
  "email_address",
  "merchant_id",
] as const;

export type Fields = readonly (readonly [name: string, value: string])[];

/**
 * A value as PHP's urlencode writes it, which PayFast's signatures use: every byte but letters,
 * digits and "-_." is %XX in capitals, and a space is "+".
 */
export function payfastEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** "name=value&…" of the fields in their order; blank ones are left out unless `keepBlank` (ITNs keep them). */
export function parameterString(fields: Fields, options: { keepBlank?: boolean } = {}): string {
  return fields
    .filter(([name, value]) => name !== "signature" && (options.keepBlank || value.trim() !== ""))
    .map(([name, value]) => `${name}=${payfastEncode(options.keepBlank ? value : value.trim())}`)
    .join("&");
}

function md5(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}

function withPassphrase(parameters: string, passphrase: string | undefined): string {
  const phrase = passphrase?.trim();
  return phrase ? `${parameters}&passphrase=${payfastEncode(phrase)}` : parameters;
}

/** The signature of a payment form: its non-blank fields in PayFast's order, then the passphrase. */
export function checkoutSignature(fields: Record<string, string | undefined>, passphrase?: string): string {
  const ordered: [string, string][] = [];
  for (const name of CHECKOUT_FIELD_ORDER) {
    const value = fields[name];
    if (value !== undefined) ordered.push([name, value]);
  }
  const unknown = Object.keys(fields).filter(
    (name) => name !== "signature" && !(CHECKOUT_FIELD_ORDER as readonly string[]).includes(name),
  );
  if (unknown.length > 0) throw new Error(`PayFast does not sign ${unknown.join(", ")}`);
  return md5(withPassphrase(parameterString(ordered), passphrase));
}

/** The signature of an ITN: every field as posted (blank ones too) but the signature, then the passphrase. */
export function itnSignature(fields: Fields, passphrase?: string): string {
  return md5(withPassphrase(parameterString(fields, { keepBlank: true }), passphrase));
}

/** The form fields, ordered and signed, that the browser posts to `${url}/eng/process`. */
export function signedCheckoutFields(
  fields: Record<string, string | undefined>,
  passphrase?: string,
): [string, string][] {
  const ordered: [string, string][] = [];
  for (const name of CHECKOUT_FIELD_ORDER) {
    const value = fields[name]?.trim();
    if (value) ordered.push([name, value]);
  }
  return [...ordered, ["signature", checkoutSignature(fields, passphrase)]];
}

/** PayFast's amounts: rand with two decimals and a point, "1234.50". */
export const payfastAmount = (cents: number) => (cents / 100).toFixed(2);

/** Parses an x-www-form-urlencoded body keeping the fields' order (a signature depends on it). */
export function parseForm(body: string): [string, string][] {
  return [...new URLSearchParams(body)];
}

export interface ValidateOptions {
  url: string;
  timeoutMs: number;
}

/**
 * Asks PayFast whether it sent these fields (POST /eng/query/validate with the ITN's parameter
 * string): an ITN that did not come from PayFast answers "INVALID". Throws when PayFast cannot
 * be asked; the ITN is then refused, and PayFast sends it again.
 */
export async function confirmedByPayFast(fields: Fields, options: ValidateOptions): Promise<boolean> {
  const response = await fetch(`${options.url}/eng/query/validate`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: parameterString(fields, { keepBlank: true }),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!response.ok) throw new Error(`PayFast's validate call answered ${response.status}`);
  return (await response.text()).trim() === "VALID";
}
