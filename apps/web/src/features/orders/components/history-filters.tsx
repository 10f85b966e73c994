// Finding an order in the history: by number, reference or product, by status, and
// by the days it was placed, and for an account's owner by who placed it. The filters
// live in the URL, so Back and a shared link keep them.
import { useId } from "react";
import { Search, X } from "lucide-react";
import { OrderStatus, type OrderHistoryQuery } from "@trade-shop/contracts/orders";
import { buttonClass } from "@/lib/ui/button-styles";

const field = "min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-fg";
const label = "text-sm font-semibold";

/** The filters as the URL has them; anything unknown is left out. */
export function historyFilter(params: URLSearchParams): OrderHistoryQuery {
  const status = OrderStatus.safeParse(params.get("status"));
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  };
  return {
    search: params.get("search")?.trim() || undefined,
    status: status.success ? status.data : undefined,
    from: day("from"),
    to: day("to"),
    placedByUserId: /^\d{1,9}$/.test(params.get("placedBy") ?? "")
      ? Number(params.get("placedBy"))
      : undefined,
  };
}

/** The filters as URL parameters (the buyer as `placedBy`). */
export function historyParams(filter: OrderHistoryQuery): Record<string, string> {
  const { placedByUserId, ...rest } = filter;
  const entries = Object.entries({ ...rest, placedBy: placedByUserId?.toString() });
  return Object.fromEntries(
    entries.filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""),
  );
}

/** Someone on the account whose orders the owner can pick out. */
export interface AccountBuyer {
  userId: number;
  name: string;
}

export const isFiltered = (filter: OrderHistoryQuery) => Object.values(filter).some((v) => v !== undefined);

export function HistoryFilters({
  filter,
  onChange,
  buyers = [],
}: {
  filter: OrderHistoryQuery;
  onChange: (filter: OrderHistoryQuery) => void;
  /** The account's people, for its owner; the filter shows when there is more than one. */
  buyers?: readonly AccountBuyer[];
}) {
  const id = useId();
  const byBuyer = buyers.length > 1;
  return (
    <form
      role="search"
      aria-label="Find orders"
      // Remounted when the URL's filters change (Back, Clear), so the fields show them.
      key={JSON.stringify(filter)}
      className={`mt-4 grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2 lg:items-end ${
        byBuyer
          ? "lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
          : "lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
      }`}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
        onChange(
          historyFilter(
            new URLSearchParams(
              Object.entries({
                search: text("search") ?? "",
                status: text("status") ?? "",
                from: text("from") ?? "",
                to: text("to") ?? "",
                placedBy: text("placedBy") ?? "",
              }),
            ),
          ),
        );
      }}
    >
      <div className="flex flex-col gap-1 sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-search`} className={label}>
          Order number, reference or product
        </label>
        <input
          id={`${id}-search`}
          name="search"
          type="search"
          maxLength={100}
          defaultValue={filter.search ?? ""}
          className={field}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-status`} className={label}>
          Status
        </label>
        <select id={`${id}-status`} name="status" defaultValue={filter.status ?? ""} className={field}>
          <option value="">Any status</option>
          {OrderStatus.options.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      {byBuyer && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-placed-by`} className={label}>
            Placed by
          </label>
          <select
            id={`${id}-placed-by`}
            name="placedBy"
            defaultValue={filter.placedByUserId?.toString() ?? ""}
            className={field}
          >
            <option value="">Anyone</option>
            {buyers.map((buyer) => (
              <option key={buyer.userId} value={buyer.userId}>
                {buyer.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-from`} className={label}>
          From
        </label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={filter.from ?? ""} className={field} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-to`} className={label}>
          To
        </label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={filter.to ?? ""} className={field} />
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={`${buttonClass()} flex-1 lg:flex-none`}>
          <Search aria-hidden="true" className="size-4" />
          Find
        </button>
        {isFiltered(filter) && (
          <button type="button" className={buttonClass("secondary")} onClick={() => onChange({})}>
            <X aria-hidden="true" className="size-4" />
            Clear
          </button>
        )}
      </div>
    </form>
  );
}
