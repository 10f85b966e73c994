import { describe, expect, it } from "vitest";
import { Cart } from "@trade-shop/contracts/cart";
import { cartLine, cartOf } from "@/entities/cart/cart-line.fixture";
import { readMirror, removeAllMirrors, removeMirror, writeMirror } from "./list-mirror";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("the cart's copy in browser storage", () => {
  const cart = cartOf([cartLine()]);

  it("gives back the shopper's own cart", () => {
    const store = memoryStorage();
    writeMirror("cart", "1@gauteng", cart, store);
    expect(readMirror("cart", "1@gauteng", Cart, store)).toEqual(cart);
  });

  it("never shows another shopper's or another tenant's cart", () => {
    const store = memoryStorage();
    writeMirror("cart", "1@gauteng", cart, store);
    expect(readMirror("cart", "2@gauteng", Cart, store)).toBeUndefined();
    expect(readMirror("cart", "1@coastal", Cart, store)).toBeUndefined();
  });

  it("ignores a copy that is unreadable or no longer a cart, and forgets it on removal", () => {
    const store = memoryStorage();
    store.setItem("tradeshop.cart", "{not json");
    expect(readMirror("cart", "1@gauteng", Cart, store)).toBeUndefined();
    writeMirror("cart", "1@gauteng", { ...cart, cartItems: "lost" }, store);
    expect(readMirror("cart", "1@gauteng", Cart, store)).toBeUndefined();
    writeMirror("cart", "1@gauteng", cart, store);
    removeMirror("cart", store);
    expect(store.getItem("tradeshop.cart")).toBeNull();
  });

  it("forgets the cart's and the wishlist's copies together", () => {
    const store = memoryStorage();
    writeMirror("cart", "1@gauteng", cart, store);
    writeMirror("wishlist", "1@gauteng", { wishlistItems: [] }, store);
    removeAllMirrors(store);
    expect(store.length).toBe(0);
  });
});
