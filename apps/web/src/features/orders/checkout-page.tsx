// /checkout: delivery (to the account's address, or collection), the customer's reference or
// PO number, the order summary (lines, Shipping FREE, TOTAL excl. and incl. VAT, remaining
// credit) and Place order, which runs SPEC §4's check before anything is created. The button
// is disabled while an order is on its way and guarded against a second submit besides.
import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { LoaderCircle, ShoppingCart, Store, Truck, TriangleAlert } from "lucide-react";
import type { Cart } from "@trade-shop/contracts/cart";
import { CreateOrderCommand } from "@trade-shop/contracts/orders";
import { DEFAULT_LANDING, appRoutes } from "@trade-shop/contracts/routes";
import { formatRand } from "../../lib/format";
import { buttonClass } from "../../lib/ui/button-styles";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useCart } from "../../lib/cart/cart-queries";
import { itemsSelectedText, reviewedCart } from "../../lib/cart/cart-totals";
import { Loading } from "../../lib/ui/loading";
import { LoginPrompt } from "../../lib/ui/login-prompt";
import { useCustomerAddresses, useCustomerDetails, useRemainingCredit } from "../../lib/account/account-queries";
import { addressLines } from "../../lib/account/address-lines";
import { usePlaceOrder } from "./api/place-order";
import { PRICES_CHANGED, placementProblem, type PlacementProblem } from "./placement-problem";

const fieldset = "rounded-xl border border-line bg-surface p-4";
const legend = "px-1 text-lg font-bold";

/** Where the order goes: home delivery to one of the account's addresses (null: its own), or collection. */
export interface Delivery {
  homeDelivery: boolean;
  addressId: number | null;
}

function DeliveryChoice({
  delivery,
  onChange,
}: {
  delivery: Delivery;
  onChange: (delivery: Delivery) => void;
}) {
  const { data: customer, isPending, isError } = useCustomerDetails();
  // The account's delivery addresses (a shop with a branch chooses one); an account the back
  // office has given none is delivered to the address on the account itself.
  const addresses = useCustomerAddresses().data ?? [];
  const name = useId();
  const option =
    "flex min-h-11 cursor-pointer gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft";
  const radio = "mt-1 size-5 accent-[var(--ts-brand)]";
  const warehouse = customer?.mainWarehouseCode ?? customer?.stockingWarehouseCode;
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>Delivery</legend>
      <div className="mt-2 grid gap-2">
        {addresses.length > 0 ? (
          addresses.map((address) => (
            <label key={address.id} className={option}>
              <input
                type="radio"
                name={name}
                checked={delivery.homeDelivery && delivery.addressId === address.id}
                onChange={() => onChange({ homeDelivery: true, addressId: address.id })}
                className={radio}
              />
              <span className="flex flex-col">
                <span className="flex items-center gap-1.5 font-semibold">
                  <Truck aria-hidden="true" className="size-4" />
                  Deliver to {address.label}
                </span>
                <span className="text-sm text-muted">{addressLines(address).join(", ")}</span>
              </span>
            </label>
          ))
        ) : (
          <label className={option}>
            <input
              type="radio"
              name={name}
              checked={delivery.homeDelivery}
              onChange={() => onChange({ homeDelivery: true, addressId: null })}
              className={radio}
            />
            <span className="flex flex-col">
              <span className="flex items-center gap-1.5 font-semibold">
                <Truck aria-hidden="true" className="size-4" />
                Deliver to my address
              </span>
              {isPending && <span className="text-sm text-muted">Loading your address…</span>}
              {isError && <span className="text-sm text-muted">The address on your account</span>}
              {customer && (
                <span className="text-sm text-muted">
                  {customer.name}, {addressLines(customer).join(", ")}
                </span>
              )}
            </span>
          </label>
        )}
        <label className={option}>
          <input
            type="radio"
            name={name}
            checked={!delivery.homeDelivery}
            onChange={() => onChange({ homeDelivery: false, addressId: delivery.addressId })}
            className={radio}
          />
          <span className="flex flex-col">
            <span className="flex items-center gap-1.5 font-semibold">
              <Store aria-hidden="true" className="size-4" />I will collect it
            </span>
            <span className="text-sm text-muted">
              {warehouse ? `From the ${warehouse} warehouse` : "From the warehouse that supplies you"}
            </span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}

function ProblemAlert({ problem }: { problem: PlacementProblem }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl border-2 border-danger bg-surface p-4">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
      <div className="min-w-0 text-sm">
        <p className="font-semibold">
          {problem.kind === "prices-changed" ? PRICES_CHANGED : problem.message}
        </p>
        {problem.kind === "shortages" && (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {problem.shortages.map((line) => (
              <li key={line.skuCode}>
                {line.description} ({line.skuCode}): {line.requested} ordered, {line.available} available
              </li>
            ))}
          </ul>
        )}
        {problem.kind === "credit" && (
          <p className="mt-1">
            Order total {formatRand(problem.orderTotal)}; remaining credit{" "}
            {formatRand(problem.remainingCredit)}.
          </p>
        )}
        {(problem.kind === "shortages" || problem.kind === "prices-changed") && (
          <Link
            to={appRoutes.cart}
            className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
          >
            Review your cart
          </Link>
        )}
      </div>
    </div>
  );
}

function OrderSummary({ cart }: { cart: Cart }) {
  const remainingCredit = useRemainingCredit();
  const row = "flex justify-between gap-4 py-1.5";
  return (
    <section aria-labelledby="order-summary" className={fieldset}>
      <h2 id="order-summary" className="px-1 text-lg font-bold">
        Order summary
      </h2>
      <p className="px-1 text-sm text-muted">{itemsSelectedText(cart.numberOfItems)}</p>
      <ul
        aria-label="Products in this order"
        className="mt-2 divide-y divide-line border-y border-line text-sm"
      >
        {cart.cartItems.map((line) => (
          <li key={line.productId} className={row}>
            <span>
              {line.quantity} x {line.productDescription}
            </span>
            <span className="whitespace-nowrap tabular-nums">{formatRand(line.totalPriceExcl)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 tabular-nums">
        <div className={row}>
          <dt>Shipping</dt>
          <dd className="font-semibold">FREE</dd>
        </div>
        <div className={row}>
          <dt>TOTAL (excl. VAT)</dt>
          <dd>{formatRand(cart.totalPriceExcl)}</dd>
        </div>
        <div className={`${row} text-lg font-bold`}>
          <dt>TOTAL (incl. VAT)</dt>
          <dd className="font-extrabold">{formatRand(cart.totalPriceIncl)}</dd>
        </div>
        {remainingCredit !== null && (
          <div className={`${row} border-t border-line text-sm`}>
            <dt>Remaining credit</dt>
            <dd>{formatRand(remainingCredit)}</dd>
          </div>
        )}
      </dl>
      {remainingCredit !== null && cart.totalPriceIncl > remainingCredit && (
        <p className="mt-1 text-sm font-semibold text-danger">
          This order is more than your remaining credit, so it cannot be placed as it is.
        </p>
      )}
    </section>
  );
}

export function CheckoutPage() {
  useDocumentTitle("Checkout");
  const { cart, isLoading, isBusy, shopper } = useCart();
  const customer = useCustomerDetails().data;
  const addresses = useCustomerAddresses().data ?? [];
  const place = usePlaceOrder();
  const inFlight = useRef(false);
  const referenceField = useRef<HTMLInputElement>(null);
  const [deliveryChoice, setDeliveryChoice] = useState<Delivery | null>(null);
  const [reference, setReference] = useState("");
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const id = useId();

  // The cart as the customer has reviewed it. The real-time stream can change the summary while
  // the page is open (another tab, another phone on the account): an order is never placed for
  // lines the customer has not had a chance to see, so a change since then stops the first
  // press of Place order with the prices warning, as a change found at placement does (SPEC §4).
  const current = cart && !isBusy ? reviewedCart(cart) : null;
  const [reviewed, setReviewed] = useState<string | null>(null);
  const [stopped, setStopped] = useState(false);
  if (reviewed === null && current !== null) setReviewed(current);
  const changedElsewhere = reviewed !== null && current !== null && current !== reviewed && !place.isPending;

  // The account's own delivery method ("Collect" or "Collection" means collection) and its
  // default delivery address decide the first choice until the customer picks one.
  const defaultAddress = addresses.find((a) => a.isDefault) ?? addresses[0];
  const delivery = deliveryChoice ?? {
    homeDelivery: !/^collect/i.test(customer?.deliveryMethod ?? ""),
    addressId: defaultAddress?.id ?? null,
  };

  let problem: PlacementProblem | null = null;
  if (stopped || place.data?.kind === "prices-changed")
    problem = { kind: "prices-changed", message: PRICES_CHANGED };
  else if (place.error) problem = placementProblem(place.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || place.isPending || !cart || cart.cartItems.length === 0) return;
    const checked = CreateOrderCommand.shape.suppliedId.safeParse(reference);
    if (!checked.success) {
      setReferenceError(checked.error.issues[0]?.message ?? "Check your reference");
      referenceField.current?.focus();
      return;
    }
    setReferenceError(null);
    if (changedElsewhere) {
      setReviewed(current);
      setStopped(true);
      toast.warning(PRICES_CHANGED);
      return;
    }
    setStopped(false);
    inFlight.current = true;
    place.mutate(
      {
        shown: cart,
        choices: { homeDelivery: delivery.homeDelivery, deliveryAddressId: delivery.addressId, reference },
      },
      {
        onSettled: () => {
          inFlight.current = false;
          // Whatever the placement brought back (a re-priced cart) is what is now shown.
          setReviewed(null);
        },
      },
    );
  };

  let body;
  if (shopper === null) body = <LoginPrompt what="cart" />;
  else if (isLoading) body = <Loading label="Loading your cart" />;
  else if (!cart || cart.cartItems.length === 0) {
    body = (
      <div className="mt-4 flex flex-col items-start gap-4 rounded-xl border border-line bg-surface p-6">
        <p className="flex items-center gap-2 text-muted">
          <ShoppingCart aria-hidden="true" className="size-5" />
          Your cart is empty, so there is nothing to check out.
        </p>
        <Link to={DEFAULT_LANDING} className={buttonClass()}>
          Browse products
        </Link>
      </div>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="flex flex-col gap-6">
          <DeliveryChoice delivery={delivery} onChange={setDeliveryChoice} />
          <div className={fieldset}>
            <label htmlFor={`${id}-reference`} className="block px-1 text-lg font-bold">
              Your reference or PO number <span className="text-sm font-normal text-muted">(optional)</span>
            </label>
            <input
              ref={referenceField}
              id={`${id}-reference`}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              maxLength={50}
              autoComplete="off"
              aria-invalid={referenceError !== null}
              aria-describedby={`${id}-reference-hint${referenceError ? ` ${id}-reference-error` : ""}`}
              className="mt-2 min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-fg"
            />
            <p id={`${id}-reference-hint`} className="mt-1 px-1 text-sm text-muted">
              Printed on your invoice, so you can match it to your own records.
            </p>
            {referenceError && (
              <p id={`${id}-reference-error`} className="mt-1 px-1 text-sm font-semibold text-danger">
                {referenceError}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-col gap-4 lg:sticky lg:top-4 lg:h-fit">
          <OrderSummary cart={cart} />
          {changedElsewhere && !problem && (
            <p
              role="status"
              className="rounded-xl border-2 border-accent bg-surface p-4 text-sm font-semibold"
            >
              Your cart changed in another tab or on another device. Check the order summary before you place
              the order.
            </p>
          )}
          {problem && <ProblemAlert problem={problem} />}
          <button
            type="submit"
            className={`${buttonClass()} min-h-12 w-full text-base`}
            disabled={place.isPending || isBusy}
          >
            {place.isPending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
            {place.isPending ? "Placing order…" : "Place order"}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Checkout
      </h1>
      {body}
    </section>
  );
}
