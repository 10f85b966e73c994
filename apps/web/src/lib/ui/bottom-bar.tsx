// A bar fixed to the bottom of a phone's screen (the cart's total and Checkout, the product
// page's buy bar). While one shows, the page leaves room under its footer and the back-to-top
// button stands above it (index.css, body[data-bottom-bar]).
import { useEffect, type ReactNode } from "react";

export function BottomBar({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  useEffect(() => {
    document.body.dataset.bottomBar = "";
    return () => void delete document.body.dataset.bottomBar;
  }, []);
  return (
    <section
      aria-label={label}
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface px-4 py-2 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] ${className}`}
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3">{children}</div>
    </section>
  );
}
