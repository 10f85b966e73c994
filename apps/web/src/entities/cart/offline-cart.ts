// Cart changes made with no signal (decision 125). Each is kept on this phone as the
// number of packs the buyer wants of a product (not "add 2"), in the order made, and the cart
// shows them at once. When the signal returns they are sent one after another, each worked out
// afresh against the server's cart of that moment: a change whose answer was lost on the way is
// found already made and is not made twice, and nothing is lost, because a change leaves the
// queue only once the server has answered it.
import type { AddItemCommand, Cart, CartItem, RemoveCartItemCommand } from "@trade-shop/contracts/cart";
import type { Product } from "@trade-shop/contracts/catalogue";
import { toCents } from "@trade-shop/contracts/common";
import { browserStorage, LOGIN_KEYS } from "@/lib/login-storage";
import { getSession } from "@/lib/session";
import { createStore, useStore } from "@/lib/store";
import type { Shopper } from "@/entities/shopper";
import { quantityChange } from "./cart-commands";

const PENDING_KEY = LOGIN_KEYS.unsentCartChanges;

/** The packs wanted of one product, and what the cart shows for it until the server has priced it. */
export interface PendingChange {
  skuCode: string;
  /** Packs wanted; 0 takes the line out. */
  quantity: number;
  minOrderQuantityDiscount: number | null;
  dealReference: string | null;
  /** The line as shown for a product not yet in the cart (priced from the product as last seen). */
  line: CartItem | null;
  /** When the buyer made it (epoch ms): which change a replay has sent. */
  madeAt: number;
}

interface Stored {
  shopper: Shopper;
  /** The login that made them: another user's login removes them (lib/login-storage.ts). */
  uid: number | null;
  changes: PendingChange[];
}

function load(): Stored | null {
  try {
    const text = browserStorage()?.getItem(PENDING_KEY);
    return text ? (JSON.parse(text) as Stored) : null;
  } catch {
    return null;
  }
}

const pendingStore = createStore<Stored | null>(load(), null);

function save(next: Stored | null): void {
  pendingStore.set(next);
  try {
    if (next && next.changes.length > 0) browserStorage()?.setItem(PENDING_KEY, JSON.stringify(next));
    else browserStorage()?.removeItem(PENDING_KEY);
  } catch {
    // A full or blocked storage keeps the queue for this page's life only.
  }
}

if (typeof window !== "undefined") {
  // Another tab made or sent changes.
  window.addEventListener("storage", (event) => {
    if (event.key === PENDING_KEY) pendingStore.set(load());
  });
}

/** `shopper`'s changes waiting to be sent, oldest first. */
export function pendingChanges(shopper: Shopper | null): PendingChange[] {
  const stored = pendingStore.get();
  return shopper !== null && stored?.shopper === shopper ? stored.changes : [];
}

export function usePendingChanges(shopper: Shopper | null): PendingChange[] {
  const stored = useStore(pendingStore);
  return shopper !== null && stored?.shopper === shopper ? stored.changes : [];
}

/** Takes in what another tab wrote since (storage events arrive late), before a write of ours. */
function refresh(): void {
  if (browserStorage()) pendingStore.set(load());
}

const uidNow = (): number | null => getSession()?.claims.uid ?? null;

/** Keeps a change; it replaces an earlier one for the same product and goes to the back of the queue. */
export function recordChange(
  shopper: Shopper,
  change: Omit<PendingChange, "madeAt">,
  now = Date.now(),
): void {
  refresh();
  const kept = pendingChanges(shopper).filter((c) => c.skuCode !== change.skuCode);
  save({ shopper, uid: uidNow(), changes: [...kept, { ...change, madeAt: now }] });
}

/** Drops a change the server has answered, unless the buyer has changed that product again since. */
function settle(shopper: Shopper, sent: PendingChange): void {
  refresh();
  const changes = pendingChanges(shopper).filter(
    (c) => !(c.skuCode === sent.skuCode && c.madeAt === sent.madeAt),
  );
  save({ shopper, uid: uidNow(), changes });
}

/** Forgets every waiting change (each test starts with none). */
export function forgetPendingChanges(): void {
  save(null);
}

const cents = toCents;
const rand = (c: number) => c / 100;

/** The line for a product not yet in the cart, priced as the buyer last saw it (the deal price from its threshold). */
export function lineFromProduct(product: Product, quantity: number, cartId: number): CartItem {
  const dealReached =
    product.minOrderQuantityDiscount !== null &&
    quantity >= product.minOrderQuantityDiscount &&
    product.discountPriceExcl !== null &&
    product.discountPriceIncl !== null;
  const unitExcl = dealReached ? product.discountPriceExcl! : product.listPriceExcl;
  const unitIncl = dealReached ? product.discountPriceIncl! : product.listPriceIncl;
  return {
    id: 0,
    cartId,
    productId: product.skuCode,
    quantity,
    productDescription: product.skuDescription,
    listPriceIncl: product.listPriceIncl,
    listPriceExcl: product.listPriceExcl,
    unitPriceExcl: unitExcl,
    totalPriceExcl: rand(cents(unitExcl) * quantity),
    totalPriceIncl: rand(cents(unitIncl) * quantity),
    category: product.skuCategory,
    subCategory: product.skuSubCategory,
    brand: product.skuBrand,
    assignedDiscount: 0,
    dealDescription: null,
    stockOnHand: product.stockOnHand,
    packSize: product.packSize,
    capacity: product.capacity,
    discountPercentage: product.discountPercentage,
    discountPriceExcl: product.discountPriceExcl,
    discountPriceIncl: product.discountPriceIncl,
    minOrderQuantityDiscount: product.minOrderQuantityDiscount,
    dealReference: product.dealReference,
    isNewProduct: product.isNewProduct,
    rtCategory: product.rtCategory,
    imageUrl: product.imageUrl,
    stockingWarehouseCode: product.stockingWarehouseCode,
    unitPriceIncl: product.unitPriceIncl,
    discountUnitPriceIncl: product.discountUnitPriceIncl,
  };
}

/** A line at another quantity, its totals scaled from the per-pack price it had. */
export function rescaled(line: CartItem, quantity: number): CartItem {
  const per = (total: number) => rand(Math.round((cents(total) / line.quantity) * quantity));
  return {
    ...line,
    quantity,
    totalPriceExcl: per(line.totalPriceExcl),
    totalPriceIncl: per(line.totalPriceIncl),
    assignedDiscount: per(line.assignedDiscount),
  };
}

/** The cart as it will be once the waiting changes are made: what the buyer sees meanwhile. */
export function withPending(cart: Cart, changes: readonly PendingChange[]): Cart {
  if (changes.length === 0) return cart;
  let lines = [...cart.cartItems];
  for (const change of changes) {
    const index = lines.findIndex((l) => l.productId === change.skuCode);
    if (change.quantity <= 0) {
      if (index >= 0) lines = lines.filter((_, i) => i !== index);
    } else if (index >= 0) {
      lines[index] = rescaled(lines[index]!, change.quantity);
    } else if (change.line) {
      lines.push({ ...change.line, cartId: cart.id });
    }
  }
  const sum = (pick: (l: CartItem) => number) => rand(lines.reduce((total, l) => total + cents(pick(l)), 0));
  return {
    ...cart,
    cartItems: lines,
    totalPriceExcl: sum((l) => l.totalPriceExcl),
    totalPriceIncl: sum((l) => l.totalPriceIncl),
    discount: sum((l) => l.assignedDiscount),
    numberOfItems: lines.length,
  };
}

export interface CartServer {
  load(): Promise<Cart>;
  add(command: AddItemCommand): Promise<Cart>;
  remove(command: RemoveCartItemCommand): Promise<Cart>;
}

export interface ReplayOutcome {
  cart: Cart;
  sent: number;
  /** Changes the server refused (no stock, no longer sold…), with its reason. */
  refused: { skuCode: string; message: string }[];
  /** True when the signal went again before every change was sent; the rest wait. */
  interrupted: boolean;
}

/** Whether a failure means "try again later" (not reached, server busy, login ended) rather than "refused". */
export type IsRetryable = (error: unknown) => boolean;

/** The replay running in this tab, if one is: a second request waits for it rather than racing it. */
let running: Promise<ReplayOutcome | null> | null = null;

/**
 * Sends `shopper`'s waiting changes in order, each as the command that takes the server's cart
 * of that moment to the packs wanted. Runs under a lock shared by this browser's tabs, so two
 * tabs coming back online do not both send.
 */
export async function replayPending(
  shopper: Shopper,
  server: CartServer,
  isRetryable: IsRetryable,
): Promise<ReplayOutcome | null> {
  const run = async (): Promise<ReplayOutcome | null> => {
    if (pendingChanges(shopper).length === 0) return null;
    let cart = await server.load();
    const outcome: ReplayOutcome = { cart, sent: 0, refused: [], interrupted: false };
    // Changes made while this runs join the queue and are sent in the same pass.
    for (let change = pendingChanges(shopper)[0]; change; change = pendingChanges(shopper)[0]) {
      const line = cart.cartItems.find((l) => l.productId === change.skuCode) ?? {
        productId: change.skuCode,
        quantity: 0,
        minOrderQuantityDiscount: change.minOrderQuantityDiscount,
        dealReference: change.dealReference,
      };
      const command = quantityChange(line, change.quantity);
      try {
        if (command)
          cart =
            command.kind === "add" ? await server.add(command.command) : await server.remove(command.command);
        outcome.sent += 1;
      } catch (error) {
        if (isRetryable(error)) {
          outcome.interrupted = true;
          break;
        }
        outcome.refused.push({
          skuCode: change.skuCode,
          message: error instanceof Error ? error.message : String(error),
        });
      }
      settle(shopper, change);
      outcome.cart = cart;
    }
    return outcome;
  };
  if (running) return running;
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  const started = (async () => (locks ? await locks.request("tradeshop-cart-replay", run) : run()))();
  running = started.finally(() => {
    running = null;
  });
  return running;
}
