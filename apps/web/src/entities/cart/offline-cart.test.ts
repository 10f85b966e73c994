import { afterEach, describe, expect, it } from "vitest";
import type { AddItemCommand, Cart, RemoveCartItemCommand } from "@trade-shop/contracts/cart";
import { cartLine, cartOf } from "./cart-line.fixture";
import {
  forgetPendingChanges,
  pendingChanges,
  recordChange,
  replayPending,
  withPending,
  type CartServer,
} from "./offline-cart";

const SHOPPER = "7@coastal";
const unreachable = new Error("not reached");
const isUnreachable = (error: unknown) => error === unreachable;

afterEach(() => forgetPendingChanges());

function change(skuCode: string, quantity: number) {
  return { skuCode, quantity, minOrderQuantityDiscount: null, dealReference: null, line: null };
}

/**
 * The server's cart rules as far as a replay sees them: an add adds packs to a line (or makes
 * one), a removal takes packs off or drops the line. `loseNextAnswer` makes the next command
 * happen on the server while its answer never arrives, as on a signal that drops mid-call.
 */
function serverWith(lines: [string, number][]) {
  const packs = new Map(lines);
  const sent: string[] = [];
  let loseNextAnswer = false;
  let refuse: string | null = null;
  const cart = (): Cart =>
    cartOf([...packs].map(([productId, quantity], i) => cartLine({ id: i + 1, productId, quantity })));
  const answer = () => {
    if (!loseNextAnswer) return cart();
    loseNextAnswer = false;
    throw unreachable;
  };
  const server: CartServer = {
    load: () => Promise.resolve(cart()),
    add: (command: AddItemCommand) => {
      sent.push(`add ${command.skuCode} ${command.quantity}`);
      if (refuse === command.skuCode) return Promise.reject(new Error("Out of stock"));
      packs.set(command.skuCode, (packs.get(command.skuCode) ?? 0) + command.quantity);
      return Promise.resolve().then(answer);
    },
    remove: (command: RemoveCartItemCommand) => {
      sent.push(`remove ${command.skuCode} ${command.remove ? "all" : command.quantity}`);
      const left = command.remove ? 0 : (packs.get(command.skuCode) ?? 0) - (command.quantity ?? 0);
      if (left > 0) packs.set(command.skuCode, left);
      else packs.delete(command.skuCode);
      return Promise.resolve().then(answer);
    },
  };
  return {
    server,
    sent,
    packs,
    loseNextAnswer: () => (loseNextAnswer = true),
    refuse: (sku: string) => (refuse = sku),
  };
}

describe("the cart with changes made offline", () => {
  it("shows each product at the packs wanted, a new one from its last seen line, with totals summed", () => {
    const cart = cartOf([
      cartLine({
        id: 1,
        productId: "A",
        quantity: 2,
        totalPriceIncl: 100,
        totalPriceExcl: 86.96,
        assignedDiscount: 0,
      }),
      cartLine({
        id: 2,
        productId: "B",
        quantity: 1,
        totalPriceIncl: 30,
        totalPriceExcl: 26.09,
        assignedDiscount: 0,
      }),
    ]);
    const shown = withPending(cart, [
      { ...change("A", 3), madeAt: 1 },
      { ...change("B", 0), madeAt: 2 },
      {
        ...change("C", 4),
        line: cartLine({
          productId: "C",
          quantity: 4,
          totalPriceIncl: 40,
          totalPriceExcl: 34.78,
          assignedDiscount: 0,
        }),
        madeAt: 3,
      },
    ]);
    expect(shown.cartItems.map((l) => [l.productId, l.quantity, l.totalPriceIncl])).toEqual([
      ["A", 3, 150],
      ["C", 4, 40],
    ]);
    expect(shown.totalPriceIncl).toBe(190);
    expect(shown.numberOfItems).toBe(2);
  });

  it("keeps one change per product, the latest, at the back of the queue", () => {
    recordChange(SHOPPER, change("A", 2), 1);
    recordChange(SHOPPER, change("B", 1), 2);
    recordChange(SHOPPER, change("A", 5), 3);
    expect(pendingChanges(SHOPPER).map((c) => [c.skuCode, c.quantity])).toEqual([
      ["B", 1],
      ["A", 5],
    ]);
    expect(pendingChanges("8@coastal")).toEqual([]);
  });
});

describe("sending the changes when the signal returns", () => {
  it("sends, in order, what takes the server's cart of the moment to the packs wanted", async () => {
    const shop = serverWith([["A", 1]]);
    recordChange(SHOPPER, change("A", 3), 1);
    recordChange(SHOPPER, change("B", 2), 2);
    recordChange(SHOPPER, change("C", 0), 3);
    const outcome = await replayPending(SHOPPER, shop.server, isUnreachable);
    expect(shop.sent).toEqual(["add A 2", "add B 2"]);
    expect([...shop.packs]).toEqual([
      ["A", 3],
      ["B", 2],
    ]);
    expect(outcome?.cart.cartItems.map((l) => l.quantity)).toEqual([3, 2]);
    expect(pendingChanges(SHOPPER)).toEqual([]);
  });

  it("makes a change whose answer was lost only once", async () => {
    const shop = serverWith([["A", 1]]);
    recordChange(SHOPPER, change("A", 4), 1);
    shop.loseNextAnswer();
    const first = await replayPending(SHOPPER, shop.server, isUnreachable);
    expect(first?.interrupted).toBe(true);
    expect(pendingChanges(SHOPPER)).toHaveLength(1);
    const second = await replayPending(SHOPPER, shop.server, isUnreachable);
    expect(second?.interrupted).toBe(false);
    expect(shop.sent).toEqual(["add A 3"]);
    expect(shop.packs.get("A")).toBe(4);
    expect(pendingChanges(SHOPPER)).toEqual([]);
  });

  it("says what the server refused and drops it, and sends the rest", async () => {
    const shop = serverWith([]);
    shop.refuse("A");
    recordChange(SHOPPER, change("A", 1), 1);
    recordChange(SHOPPER, change("B", 2), 2);
    const outcome = await replayPending(SHOPPER, shop.server, isUnreachable);
    expect(outcome?.refused).toEqual([{ skuCode: "A", message: "Out of stock" }]);
    expect([...shop.packs]).toEqual([["B", 2]]);
    expect(pendingChanges(SHOPPER)).toEqual([]);
  });

  it("takes packs off and drops lines", async () => {
    const shop = serverWith([
      ["A", 5],
      ["B", 2],
    ]);
    recordChange(SHOPPER, change("A", 2), 1);
    recordChange(SHOPPER, change("B", 0), 2);
    await replayPending(SHOPPER, shop.server, isUnreachable);
    expect(shop.sent).toEqual(["remove A 3", "remove B all"]);
    expect([...shop.packs]).toEqual([["A", 2]]);
  });
});
