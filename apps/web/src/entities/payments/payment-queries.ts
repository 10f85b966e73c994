// Paying the account online (docs/payments.md): what it can pay and how (the Pay options), a
// payment's state while PayFast confirms it, and going to PayFast's page to pay: the server signs
// the form, the browser posts it there, as PayFast's redirect protocol has it.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  paymentRoutes,
  type PaymentRedirect,
  type StartPaymentCommand,
} from "@trade-shop/contracts/payments";
import { apiRequest } from "@/lib/api-client";
import { useShopper } from "@/entities/shopper";

export const PAYMENTS_KEY = ["payments"] as const;

/** What the account can pay and how; `wanted: false` asks nothing (a page that may not need it). */
export function usePaymentOptions({ wanted = true }: { wanted?: boolean } = {}) {
  const shopper = useShopper();
  return useQuery({
    queryKey: [...PAYMENTS_KEY, "options", shopper],
    queryFn: ({ signal }) => apiRequest(paymentRoutes.options, { signal }),
    enabled: shopper !== null && wanted,
  });
}

/** How long the payment page waits for PayFast's word before it says to look again later. */
export const CONFIRM_WAIT_MS = 120_000;

export function paymentQueryOptions(shopper: string, reference: string) {
  return queryOptions({
    queryKey: [...PAYMENTS_KEY, shopper, reference],
    queryFn: ({ signal }) => apiRequest(paymentRoutes.get, { params: { reference }, signal }),
  });
}

const ASK_EVERY_MS = 2000;
const MOST_ASKS = CONFIRM_WAIT_MS / ASK_EVERY_MS;

/**
 * A payment; while PayFast has not said how it went, asked again every 2 s for two minutes.
 * `waitedOut`: asked that long, and still not known.
 */
export function usePayment(reference: string) {
  const shopper = useShopper();
  const queryClient = useQueryClient();
  const options = paymentQueryOptions(shopper ?? "", reference);
  const query = useQuery({
    ...options,
    enabled: shopper !== null,
    refetchInterval: (q) =>
      q.state.data?.status === "Started" && q.state.dataUpdateCount < MOST_ASKS ? ASK_EVERY_MS : false,
  });
  // Read so that every answer renders again, the same payment or not.
  void query.dataUpdatedAt;
  const asks = queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  return { ...query, waitedOut: asks >= MOST_ASKS };
}

/** Posts the signed form to PayFast's payment page: the browser leaves the shop for it. */
export function postToPayFast(redirect: PaymentRedirect) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = redirect.action;
  for (const { name, value } of redirect.fields) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** Starts a payment (an amount off the balance, or an order's part over credit) and goes to PayFast. */
export function useStartPayment() {
  return useMutation({
    mutationFn: (command: StartPaymentCommand) => apiRequest(paymentRoutes.start, { body: command }),
    onSuccess: postToPayFast,
  });
}
