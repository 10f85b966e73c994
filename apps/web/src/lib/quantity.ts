// The quantity a customer types, in a product's packs field or a quantity stepper, read with the
// contracts' rule (whole packs, 1 to 9 999) and its messages.
import { Quantity } from "@trade-shop/contracts/common";

export type QuantityInput = { ok: true; quantity: number } | { ok: false; message: string };

/** Reads a typed quantity with the contracts' rule: whole packs, 1 to 9 999. */
export function parseQuantity(text: string): QuantityInput {
  const trimmed = text.trim();
  const parsed = Quantity.safeParse(trimmed === "" ? undefined : Number(trimmed));
  if (parsed.success) return { ok: true, quantity: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "Enter a quantity" };
}
