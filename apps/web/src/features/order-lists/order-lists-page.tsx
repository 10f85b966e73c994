// /order-lists: the account's named order lists ("Weekly stock-up"). A list is
// made from the cart as it is now; its lines' packs are changed in place or taken off; and
// the whole list goes to the cart in one add, which says what it could not add and why. A list
// is shared as text, by WhatsApp or as a quick order link for another login of the account.
import { useId, useState } from "react";
import { Link } from "react-router";
import { ListPlus, Share2, ShoppingCart, Trash2 } from "lucide-react";
import type { OrderListSummary } from "@trade-shop/contracts/order-lists";
import { appRoutes } from "@trade-shop/contracts/routes";
import { announceAddedItems, useAddOrderListToCart, useCart } from "@/entities/cart";
import { QuantityEditor } from "@/lib/ui/quantity-editor";
import { formatDateTime } from "@/lib/format";
import { formatCount, packText } from "@/entities/products";
import { useShopper } from "@/entities/shopper";
import { buttonClass } from "@/lib/ui/button-styles";
import { Loading } from "@/lib/ui/loading";
import { LoginPrompt } from "@/lib/ui/login-prompt";
import { ShareLines } from "@/lib/ui/share-lines";
import { successToast } from "@/lib/ui/toasts";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  useCreateOrderList,
  useDeleteOrderList,
  useOrderList,
  useOrderLists,
  useSetOrderListLines,
} from "@/entities/order-lists";

function ListLines({ id }: { id: number }) {
  const list = useOrderList(id);
  const setLines = useSetOrderListLines();
  if (list.isPending) return <Loading label="Loading the list" />;
  if (list.isError) return <p className="text-sm text-danger">We could not load this list.</p>;
  const lines = list.data.lines.map((l) => ({ skuCode: l.skuCode, quantity: l.quantity }));
  const change = (skuCode: string, quantity: number | null) =>
    setLines.mutate({
      id,
      lines: lines.flatMap((l) =>
        l.skuCode !== skuCode ? [l] : quantity === null ? [] : [{ skuCode, quantity }],
      ),
    });
  if (list.data.lines.length === 0) return <p className="text-sm text-muted">This list has no lines.</p>;
  return (
    <ul aria-label={`Lines of ${list.data.name}`} className="divide-y divide-line">
      {list.data.lines.map((line) => {
        const name = line.product?.skuDescription ?? line.skuCode;
        return (
          <li key={line.skuCode} className="flex flex-wrap items-end justify-between gap-3 py-2">
            <div className="min-w-0 flex-1">
              {line.product ? (
                <Link
                  to={`${appRoutes.products}/${encodeURIComponent(line.skuCode)}`}
                  className="font-semibold hover:underline"
                >
                  {name}
                </Link>
              ) : (
                <span className="font-semibold">{name}</span>
              )}
              <span className="block text-xs text-muted">
                {line.skuCode}
                {line.product ? ` · ${packText(line.product)}` : " · no longer on sale"}
              </span>
            </div>
            <QuantityEditor
              key={line.quantity}
              quantity={line.quantity}
              description={name}
              busy={setLines.isPending}
              onChange={(quantity) => change(line.skuCode, quantity)}
              onRemove={() => change(line.skuCode, null)}
              label="Packs"
            />
          </li>
        );
      })}
    </ul>
  );
}

/** A list's lines to share; they load with the first opening (the same answer as its lines'). */
function ListShare({ id, name }: { id: number; name: string }) {
  const list = useOrderList(id);
  if (list.isPending) return <Loading label="Loading the list" />;
  if (list.isError) return <p className="text-sm text-danger">We could not load this list.</p>;
  return (
    <ShareLines
      title={`Share ${name}`}
      name={name}
      lines={list.data.lines.map((line) => ({
        quantity: line.quantity,
        skuCode: line.skuCode,
        // A product no longer on sale keeps its code, which the pad reports as not found.
        description: line.product?.skuDescription ?? "",
      }))}
    />
  );
}

function ListCard({ list }: { list: OrderListSummary }) {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [sharing, setSharing] = useState(false);
  const toCart = useAddOrderListToCart();
  const remove = useDeleteOrderList();
  const id = useId();

  const addToCart = async () => {
    if (list.lineCount === 0 || toCart.isPending) return;
    // A failure has its toast from the API client.
    const answer = await toCart.mutateAsync(list.id).catch(() => null);
    if (answer) announceAddedItems(answer);
  };

  return (
    <li className="rounded-xl border border-line bg-surface p-4">
      <h2 id={`${id}-name`} className="text-lg font-bold">
        {list.name}
      </h2>
      <p className="text-sm text-muted">
        {list.lineCount === 1 ? "1 line" : `${formatCount(list.lineCount)} lines`} · changed{" "}
        {formatDateTime(list.updatedAt)}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass()}
          aria-label={`Add to cart: ${list.name}`}
          aria-disabled={list.lineCount === 0 || toCart.isPending}
          onClick={() => void addToCart()}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          Add to cart
        </button>
        <button
          type="button"
          className={buttonClass("secondary")}
          aria-label={`${open ? "Hide lines" : "Edit lines"}: ${list.name}`}
          aria-expanded={open}
          aria-controls={`${id}-lines`}
          onClick={() => setOpen(!open)}
        >
          {open ? "Hide lines" : "Edit lines"}
        </button>
        {list.lineCount > 0 && (
          <button
            type="button"
            className={buttonClass("secondary")}
            aria-label={`Share list: ${list.name}`}
            aria-expanded={sharing}
            aria-controls={`${id}-share`}
            onClick={() => setSharing(!sharing)}
          >
            <Share2 aria-hidden="true" className="size-4" />
            Share list
          </button>
        )}
        {!asking && (
          <button
            type="button"
            className={buttonClass("secondary")}
            aria-label={`Delete ${list.name}`}
            onClick={() => setAsking(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        )}
      </div>
      {asking && (
        <div
          role="group"
          aria-label={`Delete ${list.name}`}
          className="mt-3 rounded-lg border border-line p-3"
        >
          <p className="text-sm">Delete the order list {list.name}? Your cart stays as it is.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass("secondary")}
              autoFocus
              onClick={() => setAsking(false)}
            >
              Keep
            </button>
            <button type="button" className={buttonClass()} onClick={() => remove.mutate(list.id)}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete list
            </button>
          </div>
        </div>
      )}
      {sharing && list.lineCount > 0 && (
        <div id={`${id}-share`} className="mt-3 rounded-lg border border-line p-3">
          <ListShare id={list.id} name={list.name} />
        </div>
      )}
      {open && (
        <div id={`${id}-lines`} className="mt-3">
          <ListLines id={list.id} />
        </div>
      )}
    </li>
  );
}

export function OrderListsPage() {
  useDocumentTitle("Order lists");
  const shopper = useShopper();
  const lists = useOrderLists();
  const { cart } = useCart();
  const create = useCreateOrderList();
  const [name, setName] = useState("");
  const id = useId();

  if (shopper === null) return <LoginPrompt what="your order lists" />;
  const cartLines = cart?.cartItems.map((l) => ({ skuCode: l.productId, quantity: l.quantity })) ?? [];

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Order lists
      </h1>
      <p className="mt-2 max-w-prose text-muted">
        Keep the orders you place again and again, and put a whole list in your cart at once. Every login of
        your account shares them.
      </p>
      <form
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          if (!trimmed || create.isPending) return;
          create.mutate(
            { name: trimmed, lines: cartLines },
            {
              onSuccess: (list) => {
                setName("");
                successToast("List saved", {
                  description: `${list.name}: ${list.lineCount} lines from your cart.`,
                });
              },
            },
          );
        }}
      >
        <div className="flex min-w-0 flex-1 flex-col">
          <label htmlFor={`${id}-name`} className="text-sm font-semibold">
            New list from your cart ({formatCount(cartLines.length)} lines)
          </label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            placeholder="Weekly stock-up"
            className="min-h-11 rounded-lg border border-line bg-surface px-3 text-base text-fg"
          />
        </div>
        <button type="submit" className={buttonClass()} aria-disabled={!name.trim() || create.isPending}>
          <ListPlus aria-hidden="true" className="size-4" />
          Save as a list
        </button>
      </form>
      {lists.isPending ? (
        <Loading label="Loading your order lists" />
      ) : lists.isError ? (
        <p className="mt-4 text-danger">We could not load your order lists.</p>
      ) : lists.data.length === 0 ? (
        <p className="mt-4 rounded-xl border border-line bg-surface p-6">You have no order lists yet.</p>
      ) : (
        <ul aria-label="Your order lists" className="mt-6 grid gap-4">
          {lists.data.map((list) => (
            <ListCard key={list.id} list={list} />
          ))}
        </ul>
      )}
    </section>
  );
}
