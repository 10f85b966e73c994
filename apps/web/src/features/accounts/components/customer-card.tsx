// Who the account is in the back office: number, contact, tax number, price list, delivery
// arrangements and the main address. Changes go through sales support, not this screen.
import { Link } from "react-router";
import type { CustomerDetails } from "@trade-shop/contracts/accounts";
import { formatShopDate } from "@trade-shop/contracts/format";
import { appRoutes } from "@trade-shop/contracts/routes";
import { addressLines } from "@/entities/account";

export function CustomerCard({ customer }: { customer: CustomerDetails }) {
  const rows: [string, string | null][] = [
    ["Account number", customer.accountId],
    ["Contact", customer.contactName],
    ["Cellphone", customer.contactCellphone ?? customer.contactTelephone1],
    ["E-mail", customer.contactEmail],
    ["VAT number", customer.taxNumber],
    ["Price list", customer.pricelistName],
    ["Delivery", customer.deliveryMethod],
    ["Order day", customer.nominatedOrderDate],
    ["Delivery day", customer.nominatedDeliveryDate],
    ["Supplied from", customer.stockingWarehouseCode || null],
    ["Sales rep", customer.repCode],
    ["Liquor licence", licenceText(customer)],
  ];
  const address = addressLines(customer);
  return (
    <div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="break-words font-medium">{value}</dd>
            </div>
          ))}
        {address.length > 0 && (
          <div className="contents">
            <dt className="text-muted">Address</dt>
            <dd className="font-medium">
              {address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        )}
      </dl>
      <Link
        to={appRoutes.addresses}
        className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand underline underline-offset-4"
      >
        Delivery addresses
      </Link>
    </div>
  );
}

function licenceText({ isLiquorCustomer, liquorLicence }: CustomerDetails): string {
  if (!isLiquorCustomer) return "No";
  if (!liquorLicence) return "Yes";
  const number = liquorLicence.number ?? "Yes";
  const when = formatShopDate(liquorLicence.expiresOn);
  return liquorLicence.expired ? `${number}, expired on ${when}` : `${number}, valid until ${when}`;
}
