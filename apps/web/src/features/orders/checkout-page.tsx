// /checkout: delivery (to the account's address, or collection), the customer's reference or
// PO number, the order summary (lines, Shipping FREE, TOTAL excl. and incl. VAT, remaining
// credit) and Place order, which runs docs/behaviour.md's check before anything is created. The button
// is disabled while an order is on its way and guarded against a second submit besides, and
// while the cart asks for more than is in stock or costs more than the remaining credit: the
// buyer is told that, once, before the click.
import { useId, useRef, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "@/lib/ui/toasts";
import { CreditCard, LoaderCircle, ShoppingCart, Store, Truck, TriangleAlert } from "lucide-react";
import { z } from "zod";
import type { Cart } from "@trade-shop/contracts/cart";
import { CreateOrderCommand } from "@trade-shop/contracts/orders";
import { DEFAULT_LANDING, appRoutes } from "@trade-shop/contracts/routes";
import {
  addressLines,
  useCustomerAddresses,
  useCustomerDetails,
  useLiquorBlock,
  useRemainingCredit,
} from "@/entities/account";
import { useMembership } from "@/entities/buyers";
import { usePaymentOptions } from "@/entities/payments";
import { DeliveryPromiseNote, useDeliveryPromise } from "@/entities/orders";
import { StockShortNotice, useCart } from "@/entities/cart";
import { isOnline, useOnline } from "@/lib/offline/connectivity";
import { formatRand } from "@/lib/format";
import { Form, FormFieldError } from "@/lib/forms/form";
import type { Shopper } from "@/entities/shopper";
import { buttonClass } from "@/lib/ui/button-styles";
import { Loading } from "@/lib/ui/loading";
import { LoginPrompt } from "@/lib/ui/login-prompt";
import { useDocumentTitle } from "@/lib/use-document-title";
import { usePlaceOrder } from "./api/place-order";
import { OrderSummary } from "./components/order-summary";
import {
  CART_STILL_SENDING,
  OFFLINE_ORDER,
  PRICES_CHANGED,
  placementProblem,
  type PlacementProblem,
} from "./placement-problem";
import { useCartReview } from "./use-cart-review";
import { toCents } from "@trade-shop/contracts/common";
import { isBlocked, orderBlockers } from "./order-blockers";

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

/**
 * The one message about credit: by how much the order is over, and the ways to fix it; where
 * the shop takes online payments, one is to place it now and pay the part over credit at once
 * (docs/payments.md).
 */
function OverCreditNotice({
  overBy,
  id,
  payNow,
}: {
  overBy: number;
  id: string;
  payNow?: { busy: boolean; onClick: () => void } | undefined;
}) {
  return (
    <div id={id} role="alert" className="flex gap-3 rounded-xl border-2 border-danger bg-surface p-4">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
      <div className="min-w-0 text-sm">
        <p className="font-semibold">
          <span className="whitespace-nowrap">{formatRand(overBy)}</span> over your remaining credit
        </p>
        <p className="mt-1">
          {payNow
            ? `Pay the ${formatRand(overBy)} now by card or instant EFT and the order goes to us at once; its stock is held while you pay. Or take some products off.`
            : "Take some products off, or pay your account, to place this order."}
        </p>
        {payNow && (
          <button
            type="submit"
            className={`${buttonClass("primary")} mt-3 w-full`}
            disabled={payNow.busy}
            onClick={payNow.onClick}
          >
            <CreditCard aria-hidden="true" className="size-4" />
            {payNow.busy ? (
              "Placing order…"
            ) : (
              <span>
                Place order and pay <span className="whitespace-nowrap">{formatRand(overBy)}</span> now
              </span>
            )}
          </button>
        )}
        <Link
          to={appRoutes.cart}
          className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
        >
          Reduce your cart
        </Link>
      </div>
    </div>
  );
}

/** The checkout form's contract: the reference as the create-order command takes it, and where it goes. */
const CheckoutForm = z.object({
  reference: CreateOrderCommand.shape.suppliedId,
  delivery: z.object({ homeDelivery: z.boolean(), addressId: z.number().nullable() }),
});
type CheckoutForm = z.output<typeof CheckoutForm>;

interface CheckoutValues {
  reference: string;
  /** Null until the customer picks one: the account's own choice applies. */
  delivery: Delivery | null;
}

/** The account's own delivery method ("Collect" or "Collection" means collection) and default address. */
function useDefaultDelivery(): Delivery {
  const customer = useCustomerDetails().data;
  const addresses = useCustomerAddresses().data ?? [];
  const defaultAddress = addresses.find((a) => a.isDefault) ?? addresses[0];
  return {
    homeDelivery: !/^collect/i.test(customer?.deliveryMethod ?? ""),
    addressId: defaultAddress?.id ?? null,
  };
}

function DeliveryField({ fallback }: { fallback: Delivery }) {
  const { control, setValue } = useFormContext<CheckoutValues>();
  const chosen = useWatch({ control, name: "delivery" });
  return (
    <DeliveryChoice
      delivery={chosen ?? fallback}
      onChange={(delivery) => setValue("delivery", delivery, { shouldDirty: true })}
    />
  );
}

/** When the order arrives, for the way it is to come (delivered or collected). */
function PromiseForChoice({ fallback }: { fallback: Delivery }) {
  const { control } = useFormContext<CheckoutValues>();
  const chosen = useWatch({ control, name: "delivery" }) ?? fallback;
  const promise = useDeliveryPromise(chosen.homeDelivery).data;
  return (
    <DeliveryPromiseNote
      promise={promise}
      className="rounded-xl border border-line bg-surface p-4 font-semibold"
    />
  );
}

function ReferenceField() {
  const { register } = useFormContext<CheckoutValues>();
  const { formState } = useFormContext<CheckoutValues>();
  const id = useId();
  const invalid = Boolean(formState.errors.reference);
  return (
    <div className={fieldset}>
      <label htmlFor={`${id}-reference`} className="block px-1 text-lg font-bold">
        Your reference or PO number <span className="text-sm font-normal text-muted">(optional)</span>
      </label>
      <input
        id={`${id}-reference`}
        {...register("reference")}
        maxLength={50}
        autoComplete="off"
        aria-invalid={invalid}
        aria-describedby={`${id}-reference-hint${invalid ? ` ${id}-reference-error` : ""}`}
        className="mt-2 min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-fg"
      />
      <p id={`${id}-reference-hint`} className="mt-1 px-1 text-sm text-muted">
        Printed on your invoice, so you can match it to your own records.
      </p>
      <FormFieldError name="reference" id={`${id}-reference-error`} />
    </div>
  );
}

function PlaceOrder({
  cart,
  isBusy,
  shopper,
  pending,
}: {
  cart: Cart;
  isBusy: boolean;
  shopper: Shopper;
  pending: readonly unknown[];
}) {
  const place = usePlaceOrder();
  const online = useOnline();
  const review = useCartReview(shopper);
  const fallback = useDefaultDelivery();
  const inFlight = useRef(false);
  const [stopped, setStopped] = useState(false);
  const changedElsewhere = review.changed && !place.isPending;
  const liquorBlock = useLiquorBlock();
  // Liquor is the Liquor category's; the server checks each product's own flag at placement.
  const liquorLines = liquorBlock ? cart.cartItems.filter((item) => item.category === "Liquor") : [];
  const blockers = orderBlockers(cart, useRemainingCredit());
  // A viewer cannot order at all; a buyer's order over their limit waits for the owner.
  const membership = useMembership().data;
  const viewer = membership?.accountRole === "Viewer";
  const overLimit =
    membership?.accountRole === "Buyer" &&
    membership.orderLimit !== null &&
    toCents(cart.totalPriceIncl) > toCents(membership.orderLimit);
  const blocked = isBlocked(blockers) || liquorLines.length > 0 || viewer;
  const blockerId = useId();
  // Over credit and nothing else in the way: it may be placed to wait for the part over credit,
  // paid online now (not a buyer's order over their limit: that is the owner's to approve).
  // Asked only when over credit: a checkout within credit has no use for it.
  const paysOnline = usePaymentOptions({ wanted: blockers.overCreditBy !== null }).data?.online ?? false;
  const mayPayOver =
    paysOnline &&
    blockers.overCreditBy !== null &&
    blockers.shortLines.length === 0 &&
    liquorLines.length === 0 &&
    !viewer &&
    !overLimit;
  const payOver = useRef(false);

  let problem: PlacementProblem | null = null;
  if (stopped || place.data?.kind === "prices-changed")
    problem = { kind: "prices-changed", message: PRICES_CHANGED };
  else if (place.error) problem = placementProblem(place.error);

  const submit = ({ reference, delivery }: CheckoutForm) => {
    // Never queued for later: an order goes out now, with the buyer watching, or not at all.
    if (!isOnline() || pending.length > 0) {
      toast.error("Order not placed", { description: isOnline() ? CART_STILL_SENDING : OFFLINE_ORDER });
      return;
    }
    const paying = payOver.current && mayPayOver;
    payOver.current = false;
    if (inFlight.current || place.isPending || cart.cartItems.length === 0 || (blocked && !paying)) return;
    // A change since the customer last looked stops the first press, as a change found at placement does.
    if (changedElsewhere) {
      review.acknowledge();
      setStopped(true);
      toast.warning(PRICES_CHANGED);
      return;
    }
    setStopped(false);
    inFlight.current = true;
    place.mutate(
      {
        shown: cart,
        choices: {
          homeDelivery: delivery.homeDelivery,
          deliveryAddressId: delivery.addressId,
          reference: reference ?? "",
          payOverCredit: paying,
        },
      },
      {
        onSettled: () => {
          inFlight.current = false;
          // Whatever the placement brought back (a re-priced cart) is what is now shown.
          review.repin();
        },
      },
    );
  };

  return (
    <Form<CheckoutValues, CheckoutForm>
      schema={CheckoutForm}
      defaultValues={{ reference: "", delivery: null }}
      toPayload={(form) => ({ ...form, delivery: form.delivery ?? fallback })}
      onSubmit={submit}
      className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]"
    >
      <div className="flex flex-col gap-6">
        <DeliveryField fallback={fallback} />
        <ReferenceField />
      </div>
      <div className="flex flex-col gap-4 lg:sticky lg:top-20 lg:h-fit">
        <OrderSummary cart={cart} />
        <PromiseForChoice fallback={fallback} />
        {changedElsewhere && !problem && (
          <p role="status" className="rounded-xl border-2 border-accent bg-surface p-4 text-sm font-semibold">
            Your cart changed in another tab or on another device. Check the order summary before you place
            the order.
          </p>
        )}
        <div id={blockerId} className="flex flex-col gap-4 empty:hidden">
          {/* Offline, that is the one reason given: what else the page knows may be out of date. */}
          {!online && (
            <p
              role="status"
              className="rounded-xl border-2 border-danger bg-surface p-4 text-sm font-semibold text-danger"
            >
              {OFFLINE_ORDER}
            </p>
          )}
          {online && (
            <>
              <StockShortNotice lines={blockers.shortLines} busy={isBusy} />
              {viewer && (
                <p role="alert" className="rounded-xl border-2 border-danger bg-surface p-4 text-sm">
                  <span className="font-semibold">You are a viewer on this account.</span> You can see prices
                  and orders; {membership.ownerName} or a buyer on the account places its orders.
                </p>
              )}
              {liquorLines.length > 0 && (
                <div role="alert" className="flex gap-3 rounded-xl border-2 border-danger bg-surface p-4">
                  <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
                  <div className="min-w-0 text-sm">
                    <p className="font-semibold">{liquorBlock}.</p>
                    <p className="mt-1">
                      Take {liquorLines.map((item) => item.productDescription).join(", ")} off your cart to
                      place the rest of this order.
                    </p>
                    <Link
                      to={appRoutes.cart}
                      className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
                    >
                      Change your cart
                    </Link>
                  </div>
                </div>
              )}
              {blockers.overCreditBy !== null && (
                <OverCreditNotice
                  overBy={blockers.overCreditBy}
                  id={`${blockerId}-credit`}
                  payNow={
                    mayPayOver
                      ? { busy: place.isPending, onClick: () => void (payOver.current = true) }
                      : undefined
                  }
                />
              )}
            </>
          )}
        </div>
        {overLimit && !blocked && (
          <p role="status" className="rounded-xl border-2 border-accent bg-surface p-4 text-sm">
            <span className="font-semibold">
              Over your order limit of {formatRand(membership.orderLimit!)}.
            </span>{" "}
            This order waits for {membership.ownerName}&apos;s approval before it comes to us; its stock is
            held for you meanwhile.
          </p>
        )}
        {problem && !blocked && online && <ProblemAlert problem={problem} />}
        <button
          type="submit"
          className={`${buttonClass()} min-h-12 w-full text-base`}
          // Offline no order can go out: the button waits, the notice above says why.
          disabled={!online || place.isPending || isBusy || blocked}
          aria-describedby={blocked || !online ? blockerId : undefined}
        >
          {place.isPending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {place.isPending ? "Placing order…" : "Place order"}
        </button>
      </div>
    </Form>
  );
}

export function CheckoutPage() {
  useDocumentTitle("Checkout");
  const { cart, isLoading, isBusy, shopper, pending } = useCart();

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
  } else body = <PlaceOrder cart={cart} isBusy={isBusy} shopper={shopper} pending={pending} />;

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Checkout
      </h1>
      {body}
    </section>
  );
}
