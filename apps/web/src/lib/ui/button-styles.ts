// Class names for the shop's buttons, shared by <button> and by links that look like buttons.
// Every variant is at least 44 px tall so it is easy to hit with a thumb.

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const variants = {
  primary: "bg-brand-bg text-on-brand shadow-sm hover:bg-brand-strong",
  secondary: "border border-line bg-surface text-fg hover:bg-surface-2",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = "primary"): string {
  return `${base} ${variants[variant]}`;
}
