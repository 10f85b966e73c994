// The checkout's order summary (docs/screens.md order details, as placed): each line as
// "quantity x description" with its total excl. VAT (and what is in stock, when that is less),
// Shipping FREE, TOTAL excl. and incl. VAT, and the account's remaining credit beside them.
// What stops the order (stock, credit) is said once, by the checkout, not here.
import type { Cart } from "@trade-shop/contracts/cart";
import { useRemainingCredit } from "@/entities/account";
import { itemsSelectedText, lineStockWarning } from "@/entities/cart";
import { formatRand } from "@/lib/format";

const box = "rounded-xl border border-line bg-surface p-4";

export function OrderSummary({ cart }: { cart: Cart }) {
  const remainingCredit = useRemainingCredit();
  const row = "flex justify-between gap-4 py-1.5";
  return (
    <section aria-labelledby="order-summary" className={box}>
      <h2 id="order-summary" className="px-1 text-lg font-bold">
        Order summary
      </h2>
      <p className="px-1 text-sm text-muted">{itemsSelectedText(cart.numberOfItems)}</p>
      <ul
        aria-label="Products in this order"
        className="mt-2 divide-y divide-line border-y border-line text-sm"
      >
        {cart.cartItems.map((line) => {
          const stockWarning = lineStockWarning(line);
          return (
            <li key={line.productId} className={row}>
              <span>
                {line.quantity} x {line.productDescription}
                {stockWarning && (
                  <span className="block text-sm font-semibold text-danger">{stockWarning}</span>
                )}
              </span>
              <span className="whitespace-nowrap tabular-nums">{formatRand(line.totalPriceExcl)}</span>
            </li>
          );
        })}
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
    </section>
  );
}
