// Sharing a cart or an order list as plain text, a line per product ("6 x CHP1374 Simba Chips
// Salted 125g", orderLinesText in the contracts), the way the quick order pad reads it back
// (docs/screens.md "Sharing"): the phone's share sheet where the browser has one, a WhatsApp
// message, and a link to the quick order pad filled with the lines, for another login of the
// same account.
import { useId, useState } from "react";
import { Link2, MessageCircle, Share2 } from "lucide-react";
import { orderLinesText, type SharedLine } from "@trade-shop/contracts/order-lines";
import { appRoutes } from "@trade-shop/contracts/routes";
import { buttonClass } from "./button-styles";
import { successToast, toast } from "./toasts";

/** A WhatsApp message holding `text`, to a contact chosen in WhatsApp. */
export const whatsAppShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** The quick order pad filled with `text`'s lines, on this shop. */
export const quickOrderLinkUrl = (text: string, origin = window.location.origin) =>
  `${origin}${appRoutes.quickOrder}?lines=${encodeURIComponent(text)}`;

interface ShareLinesProps {
  lines: readonly SharedLine[];
  /** The group's title: "Share this cart". */
  title: string;
  /** Added to each control's name where a page holds several groups: the order list's name. */
  name?: string;
  className?: string;
}

// Two to a row where the group is narrow (a phone, the cart's summary), so "WhatsApp" and "Copy
// link" keep to one line, the share sheet (which offers WhatsApp and the rest) on a row of its own
// above them; in a wider group (an order list's card on a desktop) one row of buttons their own size.
const control = `${buttonClass("secondary")} min-w-0 px-3`;

/** The browser's share sheet, where it has one (phones, and some desktops). */
const canShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

export function ShareLines({ lines, title, name, className }: ShareLinesProps) {
  const id = useId();
  // Shown when the clipboard refuses (a page not served over HTTPS, a browser that asks first).
  const [linkToCopy, setLinkToCopy] = useState<string | null>(null);
  if (lines.length === 0) return null;
  const text = orderLinesText(lines);
  // Each control's name, with the list's where a page holds several groups.
  const named = (what: string) => (name ? `${what}: ${name}` : what);

  const share = async () => {
    try {
      await navigator.share({ text });
    } catch (error) {
      // Closing the share sheet is no failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast.error("Couldn't share", { description: "Send the lines by WhatsApp or copy the link instead." });
    }
  };

  const copyLink = async () => {
    const link = quickOrderLinkUrl(text);
    try {
      await navigator.clipboard.writeText(link);
      setLinkToCopy(null);
      successToast("Link copied", {
        description: `It opens the quick order pad with ${lines.length === 1 ? "this line" : `these ${lines.length} lines`} for any login of your account.`,
      });
    } catch {
      setLinkToCopy(link);
    }
  };

  return (
    <div role="group" aria-labelledby={`${id}-title`} className={`@container ${className ?? ""}`}>
      <p id={`${id}-title`} className="font-semibold">
        {title}
      </p>
      <p className="text-sm text-muted">A line per product, as the quick order pad reads it.</p>
      <div className="mt-2 grid grid-cols-2 gap-2 @md:flex @md:flex-wrap">
        {canShare() && (
          <button
            type="button"
            className={`${control} col-span-2`}
            aria-label={named("Share")}
            onClick={() => void share()}
          >
            <Share2 aria-hidden="true" className="size-4 shrink-0" />
            Share
          </button>
        )}
        <a
          href={whatsAppShareUrl(text)}
          target="_blank"
          rel="noopener"
          className={control}
          aria-label={`${named("Send by WhatsApp")} (opens in a new tab)`}
        >
          <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
          WhatsApp
        </a>
        <button
          type="button"
          className={control}
          aria-label={named("Copy link")}
          onClick={() => void copyLink()}
        >
          <Link2 aria-hidden="true" className="size-4 shrink-0" />
          Copy link
        </button>
      </div>
      {linkToCopy !== null && (
        <div className="mt-2 flex flex-col gap-1">
          <label htmlFor={`${id}-link`} className="text-sm">
            Your browser did not let the shop copy it: copy this link yourself.
          </label>
          <input
            id={`${id}-link`}
            readOnly
            value={linkToCopy}
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-fg"
          />
        </div>
      )}
    </div>
  );
}
