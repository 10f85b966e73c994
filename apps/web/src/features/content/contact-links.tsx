// Sales Support (e-mail) and WhatsApp chat, offered in the header and the side menu (docs/product.md).
import { Mail, MessageCircle } from "lucide-react";
import { shopDetails } from "./shop-details";

const salesSupportHref = `mailto:${shopDetails.email}?${new URLSearchParams({ subject: "Sales support" }).toString().replace(/\+/g, "%20")}`;

interface ContactLinkProps {
  className: string;
  /** Classes for the visible label, e.g. to show only the icon on a phone (the name stays). */
  labelClassName?: string;
}

export function SalesSupportLink({ className, labelClassName }: ContactLinkProps) {
  return (
    <a href={salesSupportHref} className={className} title="Sales Support">
      <Mail aria-hidden="true" className="size-4 shrink-0" />
      <span className={labelClassName}>Sales Support</span>
    </a>
  );
}

export function WhatsAppLink({ className, labelClassName }: ContactLinkProps) {
  return (
    <a
      href={shopDetails.whatsappUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      title="WhatsApp (opens in a new tab)"
    >
      <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
      <span className={labelClassName}>WhatsApp</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
