// /addresses: the account's delivery addresses as the back office holds them, the default
// first. They are changed by the sales team (a delivery address is part of the credit account),
// so the page says how rather than offering a form the back office would not honour.
import { Link } from "react-router";
import { MapPin } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { useDocumentTitle } from "@/lib/use-document-title";
import { Loading } from "@/lib/ui/loading";
import { LoginPrompt } from "@/lib/ui/login-prompt";
import { addressLines, useCustomerAddresses } from "@/entities/account";

export function AddressesPage() {
  useDocumentTitle("Addresses");
  const { data: addresses, isPending, isError, shopper } = useCustomerAddresses();

  let body;
  if (shopper === null) body = <LoginPrompt what="addresses" />;
  else if (isPending) body = <Loading label="Loading your addresses" />;
  else if (isError)
    body = (
      <p className="mt-4 rounded-xl border border-line bg-surface p-6">We could not load your addresses.</p>
    );
  else if (addresses.length === 0) {
    body = (
      <p className="mt-4 rounded-xl border border-line bg-surface p-6">
        There are no delivery addresses on your account.
      </p>
    );
  } else {
    body = (
      <ul aria-label="Delivery addresses" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {addresses.map((address) => (
          <li key={address.id} className="rounded-xl border border-line bg-surface p-4">
            <h2 className="flex flex-wrap items-center gap-2 font-bold">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand" />
              {address.label}
              {address.isDefault && (
                <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-bold text-brand">
                  Default
                </span>
              )}
            </h2>
            <address className="mt-2 not-italic">
              {addressLines(address).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Addresses
      </h1>
      {body}
      {shopper !== null && (
        <p className="mt-4 text-sm text-muted">
          Orders go to the default address unless you choose another at checkout. To add or change an address,{" "}
          <Link to={appRoutes.contact} className="font-semibold text-brand underline underline-offset-4">
            contact us
          </Link>
          .
        </p>
      )}
    </section>
  );
}
