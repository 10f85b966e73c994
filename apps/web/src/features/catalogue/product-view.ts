// How the product list is laid out: cards (pictures, the default) or a compact list, the order
// pad a buyer restocking many lines types quantities into. Remembered in this browser.
import { createStore, useStore } from "@/lib/store";

export type ProductView = "cards" | "list";

const STORAGE_KEY = "tradeshop.productView";

function stored(): ProductView {
  try {
    return localStorage.getItem(STORAGE_KEY) === "list" ? "list" : "cards";
  } catch {
    return "cards";
  }
}

const viewStore = createStore<ProductView>(stored(), "cards");

export function useProductView(): ProductView {
  return useStore(viewStore);
}

export function setProductView(view: ProductView): void {
  viewStore.set(view);
  try {
    localStorage.setItem(STORAGE_KEY, view);
  } catch {
    // Private browsing without storage: the choice lasts until the page is closed.
  }
}
