// Rewriting a product's description (UpdateDescription). It is plain text: whatever is typed is
// stored and shown as typed, markup included, never interpreted.
import { useId } from "react";
import { useFormContext } from "react-hook-form";
import type { z } from "zod";
import { UpdateDescriptionCommand } from "@trade-shop/contracts/catalogue";
import { Form } from "@/lib/forms/form";
import { buttonClass } from "@/lib/ui/button-styles";
import { useUpdateDescription } from "../api/staff-edits";

const DescriptionFields = UpdateDescriptionCommand.pick({ updatedDescription: true });
type DescriptionFields = z.infer<typeof DescriptionFields>;
const MAX_LENGTH = 500;

/** The editor's heading already names the field, so its label is for screen readers only. */
function DescriptionField() {
  const id = useId();
  const { register, formState } = useFormContext<DescriptionFields>();
  const error = formState.errors.updatedDescription?.message;
  return (
    <>
      <label htmlFor={`${id}-description`} className="sr-only">
        Description
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        Plain text, up to {MAX_LENGTH} characters: the name customers see on the product and search for.
      </p>
      <textarea
        id={`${id}-description`}
        rows={3}
        maxLength={MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        {...register("updatedDescription")}
        className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-fg"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </>
  );
}

/** Saves only a change, and says so while it saves. */
function SaveButton({ saving }: { saving: boolean }) {
  const { isDirty } = useFormContext<DescriptionFields>().formState;
  return (
    <button type="submit" disabled={saving || !isDirty} className={`${buttonClass()} self-start`}>
      {saving ? "Saving…" : "Save description"}
    </button>
  );
}

export function DescriptionForm({ skuCode, description }: { skuCode: string; description: string }) {
  const update = useUpdateDescription();

  return (
    <Form<DescriptionFields, DescriptionFields>
      schema={DescriptionFields}
      defaultValues={{ updatedDescription: description }}
      onSubmit={async ({ updatedDescription }, form) => {
        const product = await update.mutateAsync({ skuCode, updatedDescription });
        form.reset({ updatedDescription: product.skuDescription });
      }}
      className="flex flex-col gap-2"
    >
      <DescriptionField />
      <SaveButton saving={update.isPending} />
    </Form>
  );
}
