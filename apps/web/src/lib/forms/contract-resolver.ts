// Validates a form against a contract schema from @trade-shop/contracts, so the form shows the
// same human messages the server would send, and hands the submit handler the parsed payload.
// Validation that runs while typing waits for a 100 ms pause (docs/rules.md) and runs once per burst.
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/** docs/rules.md: form changes are debounced by 100 ms. */
export const FORM_DEBOUNCE_MS = 100;

/** The first message per top-level field; the shop's forms are flat (a checkbox group is one field). */
export function issuesToFieldErrors(
  issues: readonly z.core.$ZodIssue[],
): Record<string, { type: string; message: string }> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "root";
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return errors;
}

/**
 * A react-hook-form resolver for `schema`. `toPayload` turns the form's values into what the
 * schema checks (empty optional fields become absent, values from earlier steps join in);
 * the schema's output is what `handleSubmit` passes on. `alsoCheck` adds field errors that a
 * schema's whole-object refinement would only report once every field is valid.
 */
export function contractResolver<TForm extends FieldValues, TPayload>(
  schema: z.ZodType<TPayload>,
  toPayload: (form: TForm) => unknown = (form) => form,
  {
    debounceMs = FORM_DEBOUNCE_MS,
    alsoCheck,
  }: { debounceMs?: number; alsoCheck?: (form: TForm) => Partial<Record<string, string>> } = {},
): Resolver<TForm, unknown, TPayload> {
  type Result = Awaited<ReturnType<Resolver<TForm, unknown, TPayload>>>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: Array<(result: Result) => void> = [];

  const validate = (values: TForm): Result => {
    const result = schema.safeParse(toPayload(values));
    const extra = Object.fromEntries(
      Object.entries(alsoCheck?.(values) ?? {})
        .filter(([, message]) => message)
        .map(([field, message]) => [field, { type: "custom", message }]),
    );
    if (result.success && Object.keys(extra).length === 0)
      return { values: result.data, errors: {} } as Result;
    const errors = { ...extra, ...(result.success ? {} : issuesToFieldErrors(result.error.issues)) };
    return { values: {}, errors: errors as FieldErrors<TForm> } as Result;
  };

  // Every call in a burst gets the one result for the latest values.
  return (values) => {
    if (debounceMs <= 0) return validate(values);
    return new Promise<Result>((resolve) => {
      clearTimeout(timer);
      waiting.push(resolve);
      timer = setTimeout(() => {
        const batch = waiting;
        waiting = [];
        const result = validate(values);
        for (const settle of batch) settle(result);
      }, debounceMs);
    });
  };
}

/** Form inputs hold text; an empty optional field means "not given". */
export function blankToUndefined(text: string | null | undefined): string | undefined {
  return text === null || text === undefined || text.trim() === "" ? undefined : text;
}
