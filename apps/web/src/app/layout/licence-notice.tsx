// The liquor licence notice under the shop bar: from 30 days before the licence expires, when
// and what to do; once it has expired, that liquor cannot be bought until it is renewed.
import { ShieldAlert } from "lucide-react";
import { formatShopDate } from "@trade-shop/contracts/format";
import { useCustomerDetails } from "@/entities/account";

export function LicenceNotice() {
  const licence = useCustomerDetails().data?.liquorLicence;
  if (!licence || (!licence.expired && !licence.expiresSoon)) return null;
  const number = licence.number ? ` ${licence.number}` : "";
  const when = formatShopDate(licence.expiresOn);
  return (
    <div
      role="status"
      className={`border-b-2 px-4 py-2 text-sm ${licence.expired ? "border-danger" : "border-accent"} bg-surface`}
    >
      <p className="mx-auto flex max-w-7xl items-start gap-2">
        <ShieldAlert
          aria-hidden="true"
          className={`mt-0.5 size-4 shrink-0 ${licence.expired ? "text-danger" : ""}`}
        />
        {licence.expired ? (
          <span>
            <strong>
              Your liquor licence{number} expired on {when}.
            </strong>{" "}
            Liquor cannot be added or ordered until your sales representative has your renewed licence.
          </span>
        ) : (
          <span>
            <strong>
              Your liquor licence{number} expires on {when}
              {licence.daysLeft === 0
                ? " (today)"
                : ` (in ${licence.daysLeft} day${licence.daysLeft === 1 ? "" : "s"})`}
              .
            </strong>{" "}
            Send the renewed licence to your sales representative so you can keep ordering liquor.
          </span>
        )}
      </p>
    </div>
  );
}
