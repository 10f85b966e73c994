// Sales Support (e-mail) and WhatsApp chat, offered in the header and the side menu (SPEC §1).
import { Mail, MessageCircle } from "lucide-react";
import { shopDetails } from "./shop-details";

const salesSupportHref = `mailto:${shopDetails.email}?${new URLSearchParams({ subject: "Sales support" }).toString().replace(/\+/g, "%20")}`;

export function SalesSupportLink({ className }: { className: string }) {
  return (
    <a href={salesSupportHref} className={className}>
      <Mail aria-hidden="true" className="size-4 shrink-0" />
      Sales Support
    </a>
  );
}

export function WhatsAppLink({ className }: { className: string }) {
  return (
    <a href={shopDetails.whatsappUrl} target="_blank" rel="noopener noreferrer" className={className}>
      <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
      WhatsApp
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
