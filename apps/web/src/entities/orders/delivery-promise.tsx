// When an order placed now arrives (docs/rules.md "Delivery day"): "Order by Tue 14:00 for
// delivery on Wed 02-Dec-2026", for the cart, checkout and the order page. The server works it
// out from the account's nominated days, the warehouse's cut-off and the public holidays; it is
// asked again every few minutes, so a page left open past the cut-off says the next day.
import { useQuery } from "@tanstack/react-query";
import { orderRoutes, type DeliveryPromise } from "@trade-shop/contracts/orders";
import { formatDeliveryPromise } from "@trade-shop/contracts/format";
import { Truck } from "lucide-react";
import { apiRequest } from "@/lib/api-client";
import { useShopper } from "@/entities/shopper";
import { ORDERS_KEY } from "./order-queries";

const REFRESH_MS = 5 * 60_000;

/** `homeDelivery` undefined: as the account usually takes its orders. */
export function useDeliveryPromise(homeDelivery?: boolean) {
  const shopper = useShopper();
  const query = homeDelivery === undefined ? {} : { homeDelivery: homeDelivery ? "true" : "false" };
  return useQuery({
    queryKey: [...ORDERS_KEY, shopper, "delivery-promise", homeDelivery ?? null],
    queryFn: ({ signal }) =>
      apiRequest(orderRoutes.deliveryPromise, {
        query: query as { homeDelivery?: "true" | "false" },
        signal,
      }),
    enabled: shopper !== null,
    staleTime: 60_000,
    refetchInterval: REFRESH_MS,
  });
}

/** Whether an order in `status` still has a day it is expected on (not delivered, rejected or cancelled). */
export const stillExpected = (status: string) => !["Delivered", "Rejected", "Cancelled"].includes(status);

/** "Delivery expected on Thu 03-Dec-2026" with the day kept on one line (never broken at a hyphen). */
export function DayText({ text }: { text: string }) {
  const at = text.lastIndexOf(" on ");
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at + 4)}
      <span className="whitespace-nowrap">{text.slice(at + 4)}</span>
    </>
  );
}

/** The promise as one line with a truck; nothing until it is known. */
export function DeliveryPromiseNote({
  promise,
  className = "",
}: {
  promise: DeliveryPromise | undefined;
  className?: string;
}) {
  if (!promise) return null;
  return (
    <p className={`flex items-start gap-2 text-sm ${className}`}>
      <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
      <span>
        <DayText text={formatDeliveryPromise(promise)} />
      </span>
    </p>
  );
}

export { expectedDayText } from "@trade-shop/contracts/format";
