// The strip under the header while the shop cannot reach its server: what is on
// screen is what this phone kept, with the age of its prices, and how many cart changes wait to
// be sent. It goes as soon as the server answers again.
import { WifiOff } from "lucide-react";
// By path, not through the cart's index.ts, which would bring the whole cart into the first download.
import { usePendingChanges } from "@/entities/cart/offline-cart";
import { formatDateTime } from "@/lib/format";
import { useOnline, usePricesAsOf } from "@/lib/offline/connectivity";
import { useShopper } from "@/entities/shopper";

export function offlineNoticeText(asOf: number | null): string {
  return asOf === null
    ? "Offline — showing what this phone kept from your last visit"
    : `Offline — prices as of ${formatDateTime(new Date(asOf).toISOString())}`;
}

export function waitingChangesText(count: number): string {
  return count === 1 ? "1 cart change waits to be sent." : `${count} cart changes wait to be sent.`;
}

export function OfflineNotice() {
  const online = useOnline();
  const asOf = usePricesAsOf();
  const pending = usePendingChanges(useShopper());
  if (online && asOf === null) return null;
  return (
    <div role="status" className="border-b border-line bg-surface-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1">
        <WifiOff aria-hidden="true" className="size-4 shrink-0" />
        <span className="font-semibold">{offlineNoticeText(asOf)}</span>
        {pending.length > 0 && <span>{waitingChangesText(pending.length)}</span>}
      </p>
    </div>
  );
}
