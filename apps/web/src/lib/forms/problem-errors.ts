// Puts a failed call's field errors under the fields they belong to. The API client has
// already toasted the first message (docs/api.md); this keeps each message beside its field,
// where it stays until fixed, and tells the page what no field could show.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../api-client";
import { formatDateTime } from "../format";

/**
 * Sets each server field error on the form field `fields` maps it to (server name -> form
 * name). Returns the message that no field shows (for an alert above the form), or null when
 * every message found a field. Anything that is not an ApiError is thrown on.
 */
export function showProblemOnForm<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Readonly<Record<string, Path<T>>>,
): string | null {
  if (!(error instanceof ApiError)) throw error;
  let unplaced: string | null = null;
  let placedAny = false;
  for (const [serverField, messages] of Object.entries(error.problem?.errors ?? {})) {
    const message = messages.find((text) => text.trim() !== "");
    if (!message) continue;
    const formField = fields[serverField];
    if (formField) {
      setError(formField, { type: "server", message }, { shouldFocus: !placedAny });
      placedAny = true;
    } else {
      unplaced ??= message;
    }
  }
  if (placedAny) return unplaced;
  return unplaced ?? problemText(error);
}

/** The problem's title with its detail; a lock-out says when it ends in the shop's time format. */
export function problemText(error: ApiError): string {
  const lockedUntil = error.problem?.lockoutExpiryDate;
  const detail =
    typeof lockedUntil === "string"
      ? `Try again after ${formatDateTime(lockedUntil)}.`
      : error.problem?.detail;
  return detail && detail !== error.message ? `${error.message} ${detail}` : error.message;
}
