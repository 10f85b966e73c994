// A row of toggle buttons that narrows a list to one choice (a staff list's states): each
// says whether it is the one shown (aria-pressed), and the row is named for what it filters.
export interface FilterChoice<T extends string> {
  value: T;
  label: string;
}

export function FilterButtons<T extends string>({
  label,
  choices,
  value,
  onChoose,
}: {
  /** What the row filters, e.g. "Show proofs". */
  label: string;
  choices: readonly FilterChoice<T>[];
  value: T;
  onChoose: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="mt-4 flex flex-wrap gap-1">
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          aria-pressed={value === choice.value}
          onClick={() => onChoose(choice.value)}
          className="min-h-11 rounded-lg border border-line px-4 text-sm font-semibold aria-pressed:border-brand aria-pressed:bg-brand-soft aria-pressed:text-brand"
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
