// The breadcrumb of a product page, drawn like the layout's: the URL holds only the SKU code,
// so the trail is built from the product (product-trail.ts) rather than from the URL.
import type { BreadcrumbItem } from "@trade-shop/contracts/common";
import { Trail } from "@/lib/ui/trail";

export function ProductTrailNav({ items }: { items: BreadcrumbItem[] }) {
  // On a phone the product's own crumb repeats the heading just below it, so only screen
  // readers get it there.
  return <Trail items={items} currentOnPhone={false} />;
}
