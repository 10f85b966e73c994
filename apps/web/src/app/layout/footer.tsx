// The shop footer (docs/screens.md, docs/rules.md): useful links (account ones only when logged in), head office
// details, hours and map, the shop's reach, and the copyright line.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Clock, ExternalLink, FileText, Mail, MapPin, Package, Phone, Truck, Warehouse } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import logoMark from "@/assets/logo-mark.svg";
import { useSession } from "@/lib/session";
import { DataSaverToggle } from "./data-saver-toggle";
import { InstallAppButton } from "./app-updates";
import { HeadOfficeMap } from "@/features/content/head-office-map";
import { shopDetails } from "@/features/content/shop-details";
import { SalesSupportLink, WhatsAppLink } from "@/features/content/contact-links";

const footerLink = "inline-flex min-h-11 items-center gap-2 underline-offset-4 hover:underline";
const heading = "text-sm font-bold uppercase tracking-wide text-white/80";

function FooterSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Footer() {
  const session = useSession();

  return (
    <footer className="on-brand mt-auto bg-brand-strong text-on-brand">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <Link to="/" className="inline-flex min-h-11 items-center gap-2 text-lg font-extrabold">
            <img
              src={logoMark}
              alt=""
              width={36}
              height={36}
              className="size-9 rounded-lg ring-1 ring-white/30"
            />
            {shopDetails.name}
          </Link>
          <p className="mt-2 text-sm text-white/85">
            Snacks, sweets, drinks, liquor and hygiene goods for South African traders.
          </p>
          <ul className="mt-4 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Warehouse aria-hidden="true" className="size-4 shrink-0" />
              {shopDetails.warehouses} warehouses
            </li>
            <li className="flex items-center gap-2">
              <Package aria-hidden="true" className="size-4 shrink-0" />
              {shopDetails.products} products
            </li>
            <li className="flex items-center gap-2">
              <Truck aria-hidden="true" className="size-4 shrink-0" />
              National deliveries
            </li>
          </ul>
        </div>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={heading}>
            Useful links
          </h2>
          <ul className="mt-3 text-sm">
            {session && (
              <>
                <li>
                  <Link to={appRoutes.accountDashboard} className={footerLink}>
                    My Account
                  </Link>
                </li>
                <li>
                  <Link to={appRoutes.wishList} className={footerLink}>
                    Wishlist
                  </Link>
                </li>
                <li>
                  <Link to={appRoutes.checkout} className={footerLink}>
                    Checkout
                  </Link>
                </li>
              </>
            )}
            {!session && (
              <li>
                <Link to={appRoutes.apply} className={footerLink}>
                  Apply for an account
                </Link>
              </li>
            )}
            <li>
              <Link to={appRoutes.contact} className={footerLink}>
                Contact
              </Link>
            </li>
            <li>
              <a href={shopDetails.termsPdf} target="_blank" rel="noopener" className={footerLink}>
                Terms &amp; Conditions
                <FileText aria-hidden="true" className="size-4" />
                <span className="sr-only"> (PDF, opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a
                href={shopDetails.socialPage.href}
                target="_blank"
                rel="noopener noreferrer"
                className={footerLink}
              >
                {shopDetails.socialPage.label}
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <Link to={appRoutes.accessToInformation} className={footerLink}>
                Access to Information (PAIA)
              </Link>
            </li>
          </ul>
        </nav>

        <FooterSection id="footer-head-office" title="Head office">
          <address className="text-sm not-italic">
            <p className="flex gap-2 py-1">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {shopDetails.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <a href={shopDetails.phone.href} className={footerLink}>
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              {shopDetails.phone.display}
            </a>
            <br />
            <a href={`mailto:${shopDetails.email}`} className={`${footerLink} break-all`}>
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {shopDetails.email}
            </a>
          </address>
          <HeadOfficeMap className="mt-3 text-sm" linkClassName={footerLink} />
        </FooterSection>

        <FooterSection id="footer-hours" title="Trading hours">
          <p className="flex items-center gap-2 text-sm">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            {shopDetails.hours}
          </p>
          <ul className="mt-2 text-sm">
            <li>
              <SalesSupportLink className={footerLink} />
            </li>
            <li>
              <WhatsAppLink className={footerLink} />
            </li>
          </ul>
          <DataSaverToggle className={`${footerLink} mt-2`} />
          <InstallAppButton className={`${footerLink} mt-2`} />
        </FooterSection>
      </div>

      <div className="border-t border-white/15">
        <p className="mx-auto max-w-7xl px-4 py-4 text-sm text-white/85 sm:px-6 lg:px-8">
          Copyright © {shopDetails.copyrightYear} {shopDetails.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
