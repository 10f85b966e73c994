// Class names shared by the header's parts, so the cart slot can be swapped without restyling.

/** A 44 px square icon button or link in the header's white bar. */
export const headerIconButton =
  "relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-fg hover:bg-surface-2";

/** The little count bubble on the wishlist and cart icons. */
export const headerCountBadge =
  "absolute right-0 top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-accent px-1 text-xs font-bold text-on-accent";
