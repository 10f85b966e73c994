// The "Add to an order list" dialog's form (add-to-order-list.tsx): which of the account's lists,
// or a new one by name. Loaded when the dialog first opens, not with the page.
import { useRef, useState } from "react";
import { LoaderCircle, ListPlus } from "lucide-react";
import type { OrderListLineInput } from "@trade-shop/contracts/order-lists";
import { formatCount } from "@/entities/products";
import { buttonClass } from "@/lib/ui/button-styles";
import { inputClass, labelClass } from "@/lib/ui/form-controls";
import { Loading } from "@/lib/ui/loading";
import { successToast } from "@/lib/ui/toasts";
import { useAddOrderListLines, useCreateOrderList, useOrderLists } from "./order-list-queries";

const NEW_LIST = "new";

/** The dialog's form; mounted while the dialog is open, so each opening starts afresh. */
export function ChooseListForm({
  id,
  onClose,
  lines,
  what,
}: {
  id: string;
  onClose: () => void;
  lines: OrderListLineInput[];
  what: string;
}) {
  const lists = useOrderLists();
  const addLines = useAddOrderListLines();
  const create = useCreateOrderList();
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const busy = addLines.isPending || create.isPending;
  const known = lists.data ?? [];
  // The most recently changed list is the likeliest; with none yet, a new one.
  const chosen = choice ?? (known[0] ? String(known[0].id) : NEW_LIST);

  const done = (listName: string, lineCount: number) => {
    successToast("Added to your order list", {
      description: `${listName} has ${lineCount === 1 ? "1 line" : `${formatCount(lineCount)} lines`} now.`,
    });
    onClose();
  };

  const submit = () => {
    if (busy) return;
    if (chosen === NEW_LIST) {
      const trimmed = name.trim();
      if (!trimmed) {
        setNameError("Give the list a name");
        nameInput.current?.focus();
        return;
      }
      // A taken name gets the API client's toast; the dialog stays open to change it.
      create.mutate({ name: trimmed, lines }, { onSuccess: (list) => done(list.name, list.lineCount) });
      return;
    }
    addLines.mutate({ id: Number(chosen), lines }, { onSuccess: (list) => done(list.name, list.lineCount) });
  };

  return (
    <form
      className="p-5 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Add to an order list
      </h2>
      <p className="mt-1 text-sm text-muted">{what}</p>
      {lists.isPending ? (
        <Loading label="Loading your order lists" />
      ) : (
        <fieldset className="mt-4">
          <legend className={labelClass}>Order list</legend>
          <div className="mt-1 grid max-h-64 gap-1 overflow-y-auto">
            {known.map((list) => (
              <label
                key={list.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-surface-2"
              >
                <input
                  type="radio"
                  name={`${id}-list`}
                  value={list.id}
                  checked={chosen === String(list.id)}
                  onChange={() => setChoice(String(list.id))}
                  className="size-5 shrink-0 accent-brand-bg"
                />
                <span className="min-w-0 flex-1 break-words">
                  {list.name}{" "}
                  <span className="text-sm text-muted">
                    ({list.lineCount === 1 ? "1 line" : `${formatCount(list.lineCount)} lines`})
                  </span>
                </span>
              </label>
            ))}
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-surface-2">
              <input
                type="radio"
                name={`${id}-list`}
                value={NEW_LIST}
                checked={chosen === NEW_LIST}
                onChange={() => setChoice(NEW_LIST)}
                className="size-5 shrink-0 accent-brand-bg"
              />
              <span>A new list</span>
            </label>
          </div>
        </fieldset>
      )}
      {chosen === NEW_LIST && !lists.isPending && (
        <div className="mt-3">
          <label htmlFor={`${id}-name`} className={labelClass}>
            Name of the new list
          </label>
          <input
            id={`${id}-name`}
            ref={nameInput}
            value={name}
            maxLength={60}
            autoFocus={known.length === 0}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
            placeholder="Weekly stock-up"
            aria-invalid={nameError !== null}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            className={inputClass(nameError !== null)}
          />
          {nameError && (
            <p id={`${id}-name-error`} className="mt-1.5 text-sm font-medium text-danger">
              {nameError}
            </p>
          )}
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClass("secondary")}>
          Cancel
        </button>
        <button type="submit" aria-disabled={busy || lists.isPending} className={buttonClass()}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <ListPlus aria-hidden="true" className="size-4" />
          )}
          Add to list
        </button>
      </div>
    </form>
  );
}
