// Data saver: on prepaid mobile data a buyer may prefer smaller pictures. On when
// the buyer turns it on here, or, until they choose, when the browser asks for less data
// (Save-Data, navigator.connection.saveData). Kept in this browser.
import { createStore, useStore } from "./store";

const KEY = "tradeshop.dataSaver";

function browserAsksForLessData(): boolean {
  if (typeof navigator === "undefined") return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

function initial(): boolean {
  try {
    const chosen = localStorage.getItem(KEY);
    if (chosen === "on" || chosen === "off") return chosen === "on";
  } catch {
    // No storage (private browsing): follow the browser.
  }
  return browserAsksForLessData();
}

const store = createStore<boolean>(initial(), false);

export function useDataSaver(): boolean {
  return useStore(store);
}

export function setDataSaver(on: boolean): void {
  store.set(on);
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // The choice lasts until the page is closed.
  }
}
