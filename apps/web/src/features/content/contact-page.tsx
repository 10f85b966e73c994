// The contact page (docs/screens.md, docs/behaviour.md): the enquiry form beside every other way to reach the head
// office, so a customer who would rather phone or WhatsApp finds the number at once.
import type { ReactNode } from "react";
import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { useSession } from "@/lib/session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ContactForm } from "./contact-form";
import { HeadOfficeMap } from "./head-office-map";
import { shopDetails } from "./shop-details";

const detailLink =
  "inline-flex min-h-11 items-center break-all font-medium text-brand underline underline-offset-4";

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-3 shrink-0 text-brand">{icon}</span>
      <div className="min-w-0">
        <p className="pt-2 text-sm font-semibold text-muted">{label}</p>
        {children}
      </div>
    </li>
  );
}

export function ContactPage() {
  useDocumentTitle("Contact us");
  const session = useSession();
  const defaultName = session ? `${session.claims.firstName} ${session.claims.surname}`.trim() : "";
  const icon = "size-5";

  return (
    <div className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Contact us
      </h1>
      <p className="mt-2 max-w-2xl text-muted">
        Questions about an order, your account, a delivery or a product? Send us a message and our sales
        support team will get back to you during office hours.
      </p>

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section
          aria-labelledby="contact-form-title"
          className="self-start rounded-xl border border-line bg-surface p-4 sm:p-6"
        >
          <h2 id="contact-form-title" className="mb-5 text-xl font-bold">
            Send us a message
          </h2>
          <ContactForm defaultName={defaultName} />
        </section>

        <section aria-labelledby="contact-other-title">
          <h2 id="contact-other-title" className="text-xl font-bold">
            Other ways to reach us
          </h2>
          <ul className="mt-2 space-y-1">
            <Detail icon={<Phone aria-hidden="true" className={icon} />} label="Phone">
              <a href={shopDetails.phone.href} className={detailLink}>
                {shopDetails.phone.display}
              </a>
            </Detail>
            <Detail icon={<Mail aria-hidden="true" className={icon} />} label="Sales Support">
              <a href={`mailto:${shopDetails.email}`} className={detailLink}>
                {shopDetails.email}
              </a>
            </Detail>
            <Detail icon={<MessageCircle aria-hidden="true" className={icon} />} label="WhatsApp">
              <a
                href={shopDetails.whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={detailLink}
              >
                Chat on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Detail>
            <Detail icon={<Clock aria-hidden="true" className={icon} />} label="Head office hours">
              <p className="py-2">{shopDetails.hours}</p>
            </Detail>
            <Detail icon={<MapPin aria-hidden="true" className={icon} />} label="Head office">
              <address className="py-2 not-italic">
                {shopDetails.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </Detail>
          </ul>
          {/* On a phone the footer's map follows right below; one is enough there. */}
          <HeadOfficeMap className="mt-4 hidden lg:block" linkClassName={`${detailLink} gap-1.5`} />
        </section>
      </div>
    </div>
  );
}
