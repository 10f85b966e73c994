// The header's cart (docs/screens.md): a count on a button that opens a panel listing each line with
// its picture, description, quantity and total incl. VAT and a remove button, then
// "{n} Item(s) selected", the TOTAL, View Cart and Checkout (disabled while the cart is empty).
// A non-modal dialog beside the button: focus moves into the panel when it opens; Escape, a
// press outside or tabbing away closes it, Escape returning focus to the button.
import { useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { LoaderCircle, ShoppingCart, Trash2 } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { itemsSelectedText, useCart, useRemoveFromCart } from "@/entities/cart";
import { formatRand } from "@/lib/format";
import { productPath } from "@/entities/products";
import { buttonClass } from "@/lib/ui/button-styles";
import { Dialog } from "@/lib/ui/dialog";
import { DrawerHeader } from "@/lib/ui/drawer-header";
import { LineImage } from "./line-image";

interface CartDropdownProps {
  /** The header's icon-button look, passed in so the header keeps its own styling. */
  triggerClassName: string;
  badgeClassName: string;
}

const smallIconButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-danger aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

export function CartDropdown({ triggerClassName, badgeClassName }: CartDropdownProps) {
  const { cart, isBusy, isCommandPending } = useCart();
  const remove = useRemoveFromCart();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const id = useId();
  const panelId = `${id}-panel`;
  const headingId = `${id}-heading`;

  const lines = cart?.cartItems ?? [];
  const count = cart?.numberOfItems ?? 0;
  const close = () => setOpen(false);

  return (
    <div className="relative">
      <button
        ref={trigger}
        type="button"
        className={triggerClassName}
        aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}
        aria-expanded={open}
        aria-controls={panelId}
        title="Cart"
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) close();
        }}
      >
        <ShoppingCart aria-hidden="true" className="size-6" />
        <span aria-hidden="true" className={badgeClassName}>
          {count}
        </span>
      </button>

      <Dialog
        open={open}
        onClose={close}
        modal={false}
        anchor={trigger}
        initialFocus={panel}
        closeOnLinkClick
        aria-labelledby={headingId}
        className="absolute left-auto right-0 top-full z-50 m-0 mt-2 border-0 bg-transparent p-0 text-fg"
      >
        <section
          ref={panel}
          id={panelId}
          tabIndex={-1}
          aria-labelledby={headingId}
          aria-busy={isBusy}
          className="flex max-h-[min(75dvh,36rem)] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-line bg-surface text-fg shadow-2xl outline-none"
        >
          <DrawerHeader
            closeLabel="Close cart"
            onClose={close}
            variant="panel"
            className="gap-2 py-1 pl-4 pr-1"
          >
            <h2 id={headingId} className="flex items-center gap-2 text-base font-bold">
              Your cart
              {isBusy && (
                <span role="status" className="inline-flex items-center gap-1 text-xs font-normal text-muted">
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  Updating…
                </span>
              )}
            </h2>
          </DrawerHeader>

          {lines.length === 0 ? (
            <p className="px-4 py-6 text-center text-muted">Your cart is empty.</p>
          ) : (
            <ul
              aria-label="Products in your cart"
              className="min-h-0 flex-1 divide-y divide-line overflow-y-auto"
            >
              {lines.map((line) => (
                <li key={line.productId} className="flex items-center gap-3 py-2 pl-4 pr-1">
                  <LineImage imageUrl={line.imageUrl} />
                  <div className="min-w-0 flex-1 text-sm">
                    <Link
                      to={productPath(line.productId)}
                      className="line-clamp-2 font-semibold leading-snug hover:text-brand hover:underline"
                    >
                      {line.productDescription}
                    </Link>
                    <p className="flex flex-wrap justify-between gap-x-2 text-muted">
                      <span>Qty {line.quantity}</span>
                      <span className="font-semibold tabular-nums text-fg">
                        {formatRand(line.totalPriceIncl)}{" "}
                        <span className="text-xs font-normal text-muted">incl. VAT</span>
                      </span>
                    </p>
                  </div>
                  <button
                    type="button"
                    className={smallIconButton}
                    aria-label={`Remove ${line.productDescription}`}
                    aria-disabled={isCommandPending}
                    onClick={() => {
                      if (isCommandPending) return;
                      panel.current?.focus();
                      remove.mutate(line.productId);
                    }}
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                  </button>
                </li>
              ))}
            </ul>
          )}

          <div className="border-t border-line px-4 py-3">
            <p className="text-sm text-muted">{itemsSelectedText(count)}</p>
            <p className="flex items-baseline justify-between gap-2 py-1">
              <span className="font-bold">TOTAL</span>
              <span className="text-lg font-extrabold tabular-nums">
                {formatRand(cart?.totalPriceIncl ?? 0)}
                <span className="ml-1 text-xs font-normal text-muted">incl. VAT</span>
              </span>
            </p>
            <div className="mt-2 grid grid-cols-2 gap-2">
              <Link to={appRoutes.cart} className={buttonClass("secondary")}>
                View Cart
              </Link>
              <button
                type="button"
                className={buttonClass()}
                disabled={count === 0}
                onClick={() => {
                  setOpen(false);
                  navigate(appRoutes.checkout);
                }}
              >
                Checkout
              </button>
            </div>
          </div>
        </section>
      </Dialog>
    </div>
  );
}
