// Shoppers placing orders in a loop, as the web app does: empty the cart, add one or two SKUs,
// and submit the cart shown as the create-order command. A submit that gets no answer, or a
// "not now" (503, a balancer's 502/504, a dropped connection), is repeated with the same command,
// so the same orderReference, until the shop says yes or no, as a careful client would. Every
// loop is bounded in orders and in time.
import { randomUUID } from "node:crypto";
import { Cart } from "@trade-shop/contracts/cart";
import { Order, OrderConflict } from "@trade-shop/contracts/orders";
import { commandFrom } from "../../apps/server/test/orders";
import type { Shopper } from "./database";
import { isTransient, sleep, type Answer, type ShopClient } from "./shop-client";

/** The refusals a submit may get under load: stock ran out, credit ran out. */
const EXPECTED_REFUSALS = new Set(["stock_short", "credit_exceeded"]);

export interface Submit {
  shopper: string;
  orderReference: string;
  /** acknowledged: 200 with the order; refused: a 4xx refusal; unresolved: no final answer in time. */
  outcome: "acknowledged" | "refused" | "unresolved";
  /** The order's id when acknowledged. */
  orderId?: number;
  /** The refusal's problem code, or the last status seen when unresolved. */
  code?: string;
  /** The SKUs a stock_short refusal named. */
  shortages?: string[];
  attempts: number;
  /** When the first attempt was sent and when the final answer came. */
  startedAt: number;
  endedAt: number;
  /** Acknowledged: the same command sent once more; the order id that answered it. */
  resentOrderId?: number | string;
}

export interface LoadOptions {
  client: ShopClient;
  shoppers: readonly (Shopper & { token: string })[];
  /** Stop starting new orders after this many per shopper… */
  maxOrdersPerShopper: number;
  /** …or after this long. */
  maxMs: number;
  /** Every n-th acknowledged order is submitted a second time (a double click); 0 never. */
  resendEvery?: number;
  /** How long one submit is repeated before it counts as unresolved. */
  submitPatienceMs?: number;
}

export interface RunningLoad {
  submits: Submit[];
  /** Orders acknowledged so far. */
  acknowledged(): number;
  /** Resolves once `count` orders in all are acknowledged; fails after `timeoutMs`. */
  waitForAcknowledged(count: number, timeoutMs: number): Promise<void>;
  /** Stops starting orders; resolves when every shopper has finished the order in hand. */
  stop(): Promise<Submit[]>;
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

export function startOrderLoad(options: LoadOptions): RunningLoad {
  const { client } = options;
  const submits: Submit[] = [];
  const deadline = Date.now() + options.maxMs;
  let stopping = false;
  const patienceMs = options.submitPatienceMs ?? 45_000;

  /** One request, repeated while it gets "not now" (bounded); undefined when it never got an answer. */
  async function persist(send: () => Promise<Answer>, untilMs: number): Promise<Answer | undefined> {
    let answer = await send();
    while (isTransient(answer) && Date.now() < untilMs) {
      await sleep(retryWait(answer));
      answer = await send();
    }
    return isTransient(answer) ? undefined : answer;
  }

  async function submit(shopper: Shopper & { token: string }, cart: Cart): Promise<Submit> {
    const command = commandFrom(cart);
    const startedAt = Date.now();
    let attempts = 0;
    const send = () => {
      attempts++;
      return client.call("POST", "/api/Order", { token: shopper.token, body: command });
    };
    const base = { shopper: shopper.username, orderReference: command.orderReference, startedAt };
    let answer = await send();
    // Anything but a final answer (a 500 included: its outcome is unknown too) is repeated.
    while ((isTransient(answer) || answer.status === 500) && Date.now() < startedAt + patienceMs) {
      await sleep(retryWait(answer));
      answer = await send();
    }
    const endedAt = Date.now();
    if (answer.status === 200) {
      const order = Order.parse(answer.json);
      if (order.orderReference !== command.orderReference)
        throw new Error(
          `POST /api/Order for ${command.orderReference} answered order ${order.id} of ${order.orderReference}`,
        );
      return { ...base, outcome: "acknowledged", orderId: order.id, attempts, endedAt };
    }
    if (
      typeof answer.status === "number" &&
      answer.status >= 400 &&
      answer.status < 500 &&
      answer.status !== 429
    ) {
      const code = answer.exchange.code ?? String(answer.status);
      if (!EXPECTED_REFUSALS.has(code))
        throw new Error(
          `POST /api/Order for ${command.orderReference} was refused unexpectedly: ${answer.status} ${JSON.stringify(answer.json)}`,
        );
      const refusal = OrderConflict.safeParse(answer.json);
      const shortages =
        refusal.success && refusal.data.code === "stock_short"
          ? refusal.data.shortages.map((s) => s.skuCode)
          : undefined;
      return { ...base, outcome: "refused", code, attempts, endedAt, ...(shortages ? { shortages } : {}) };
    }
    return { ...base, outcome: "unresolved", code: String(answer.status), attempts, endedAt };
  }

  async function resend(shopper: Shopper & { token: string }, cart: Cart, done: Submit) {
    const answer = await persist(
      () => client.call("POST", "/api/Order", { token: shopper.token, body: commandFrom(cart) }),
      Date.now() + patienceMs,
    );
    done.resentOrderId =
      answer?.status === 200
        ? Order.parse(answer.json).id
        : `${answer?.status ?? "no answer"} ${JSON.stringify(answer?.json ?? "")}`;
  }

  /**
   * Fills the cart with one or two of the shopper's SKUs; undefined when the shop could not be
   * reached in time, or every SKU picked had run out.
   */
  async function fillCart(shopper: Shopper & { token: string }): Promise<Cart | undefined> {
    const until = Date.now() + 20_000;
    const cleared = await persist(
      () => client.call("POST", "/api/Cart/ClearUserCart", { token: shopper.token }),
      until,
    );
    if (cleared?.status !== 200) return unexpected("POST /api/Cart/ClearUserCart", cleared);
    if (shopper.skus.length === 0) return undefined;
    const skus = new Set([pick(shopper.skus), pick(shopper.skus)]);
    for (const skuCode of skus) {
      const body = { skuCode, quantity: 1 + Math.floor(Math.random() * 3) };
      // One key per add, the same on each repeat of it: a repeat of an add that was made adds nothing.
      const headers = { "Idempotency-Key": randomUUID() };
      const added = await persist(
        () => client.call("POST", "/api/Cart/AdditemToCart", { token: shopper.token, body, headers }),
        until,
      );
      // The warehouse has none left (an add takes no more than there is): the shopper stops asking for it.
      if (added?.status === 409 && (added.json as { code?: string }).code === "stock_short") {
        shopper.skus = shopper.skus.filter((s) => s !== skuCode);
        continue;
      }
      if (added?.status !== 200) return unexpected("POST /api/Cart/AdditemToCart", added);
    }
    // The cart as the shop holds it, as the web app reloads it after a refusal: an add whose
    // answer was lost to the outage may have been stored, and its retry then refused for stock
    // (there was no room left), so the last answer seen is not always the cart.
    const read = await persist(
      () => client.call("GET", "/api/Cart/GetUserCart", { token: shopper.token }),
      until,
    );
    if (read?.status !== 200) return unexpected("GET /api/Cart/GetUserCart", read);
    const cart = Cart.parse(read.json);
    return cart.cartItems.length > 0 ? cart : undefined;
  }

  function unexpected(what: string, answer: Answer | undefined): undefined {
    // No answer in time is the drill's business (it checks the exchanges); a wrong one is not.
    if (answer && answer.status !== 500)
      throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return undefined;
  }

  async function shop(given: Shopper & { token: string }) {
    // A shopper told a SKU is out of stock stops asking for it.
    const shopper = { ...given, skus: [...given.skus] };
    let mine = 0;
    for (let n = 0; n < options.maxOrdersPerShopper && !stopping && Date.now() < deadline; n++) {
      const cart = await fillCart(shopper);
      if (!cart) continue;
      const done = await submit(shopper, cart);
      submits.push(done);
      const short = new Set(done.shortages ?? []);
      if (shopper.skus.some((s) => !short.has(s))) shopper.skus = shopper.skus.filter((s) => !short.has(s));
      if (done.outcome === "acknowledged" && options.resendEvery && ++mine % options.resendEvery === 0)
        await resend(shopper, cart, done);
    }
  }

  const acknowledged = () => submits.filter((s) => s.outcome === "acknowledged").length;
  const running = Promise.all(options.shoppers.map(shop));
  // A shopper that met something unexpected fails the load: in waitForAcknowledged, or at stop.
  let failure: unknown;
  running.catch((error: unknown) => (failure = error));
  return {
    submits,
    acknowledged,
    async waitForAcknowledged(count, timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (acknowledged() < count) {
        if (failure) throw failure;
        if (Date.now() > until)
          throw new Error(`only ${acknowledged()} of ${count} orders acknowledged within ${timeoutMs} ms`);
        if (stopping || Date.now() > deadline)
          throw new Error(`the load ended with ${acknowledged()} of ${count} orders acknowledged`);
        await sleep(100);
      }
    },
    async stop() {
      stopping = true;
      await running;
      return submits;
    },
  };
}

/** Retry-After is honoured only up to half a second: the drills want to see recovery, not wait for it. */
function retryWait(answer: Answer): number {
  const seconds = Number(answer.exchange.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, 500) : 200;
}
