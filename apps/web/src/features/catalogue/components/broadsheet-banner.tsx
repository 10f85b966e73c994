// docs/screens.md: the home and featured pages open with a promotional banner that links to the
// month's broadsheet (a PDF). On a phone it is a slim strip without the art and the headline,
// so the first products show in the first screen.
import { Download } from "lucide-react";
import broadsheetArt from "../assets/broadsheet-art.svg";

export const BROADSHEET_PDF = "/docs/broadsheet.pdf";

export function BroadsheetBanner() {
  return (
    <a
      href={BROADSHEET_PDF}
      type="application/pdf"
      className="on-brand group mt-4 flex items-center gap-3 overflow-hidden rounded-xl bg-brand-bg px-4 py-2 text-on-brand shadow-sm hover:bg-brand-strong sm:gap-6 sm:px-6 sm:py-4"
    >
      <img
        src={broadsheetArt}
        alt=""
        width={160}
        height={120}
        className="hidden h-24 w-auto shrink-0 sm:block"
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-xs font-bold uppercase tracking-wide">This month&rsquo;s broadsheet</span>
        <span className="hidden text-2xl font-extrabold leading-snug sm:block">
          Trade deals on snacks, sweets, drinks and more
        </span>
        <span className="mt-1 inline-flex items-center gap-1.5 text-sm font-semibold underline underline-offset-4">
          <Download aria-hidden="true" className="size-4" />
          Download the broadsheet (PDF)
        </span>
      </span>
    </a>
  );
}
