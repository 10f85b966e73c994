// Keeps the browser tab title in step with the page, e.g. "Cart | Trade Shop".
import { useEffect } from "react";

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Trade Shop` : "Trade Shop";
  }, [title]);
}
