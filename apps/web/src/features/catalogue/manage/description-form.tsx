// Rewriting a product's description (UpdateDescription). It is plain text: whatever is typed is
// stored and shown as typed, markup included, never interpreted.
import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { UpdateDescriptionCommand } from "@trade-shop/contracts/catalogue";
import { buttonClass } from "../../../lib/ui/button-styles";
import { useUpdateDescription } from "../api/staff-edits";

const DescriptionFields = UpdateDescriptionCommand.pick({ updatedDescription: true });
const MAX_LENGTH = 500;

export function DescriptionForm({ skuCode, description }: { skuCode: string; description: string }) {
  const update = useUpdateDescription();
  const id = useId();
  const form = useForm({
    resolver: zodResolver(DescriptionFields),
    defaultValues: { updatedDescription: description },
  });
  const error = form.formState.errors.updatedDescription?.message;

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={form.handleSubmit((values) =>
        update.mutate(
          { skuCode, updatedDescription: values.updatedDescription },
          { onSuccess: (product) => form.reset({ updatedDescription: product.skuDescription }) },
        ),
      )}
    >
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
        {...form.register("updatedDescription")}
        className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-fg"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={update.isPending || !form.formState.isDirty}
        className={`${buttonClass()} self-start`}
      >
        {update.isPending ? "Saving…" : "Save description"}
      </button>
    </form>
  );
}
