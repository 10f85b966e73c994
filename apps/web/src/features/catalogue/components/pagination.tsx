// docs/behaviour.md's pager: Previous and Next always shown (plain text when there is nowhere to go), at
// most 7 page slots, and below ~601 px only Previous, "Page 3 of 20" and Next.
import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { pageLinks } from "../page-links";

interface PaginationProps {
  total: number;
  pageSize: number;
  currentPage: number;
  hrefFor: (page: number) => string;
  label?: string;
}

const item =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold";
const link = `${item} border border-line bg-surface text-fg hover:border-brand hover:text-brand`;
const inert = `${item} cursor-default text-muted`;
/** docs/behaviour.md's responsive pager switches below about 601 px. */
const wideOnly = "max-[601px]:hidden";
const narrowOnly = "min-[602px]:hidden";

export function Pagination({ total, pageSize, currentPage, hrefFor, label = "Pages" }: PaginationProps) {
  const { current, last, previous, next, slots } = pageLinks(total, pageSize, currentPage);

  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          {previous ? (
            <Link to={hrefFor(previous)} rel="prev" className={link}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Link>
          ) : (
            <span className={inert}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </span>
          )}
        </li>
        {slots.map((slot) =>
          slot.kind === "gap" ? (
            <li key={`gap-${slot.position}`} aria-hidden="true" className={`${wideOnly} px-1 text-muted`}>
              …
            </li>
          ) : (
            <li key={slot.page} className={wideOnly}>
              {slot.isCurrent ? (
                <span aria-current="page" className={`${item} bg-brand-bg text-on-brand`}>
                  <span className="sr-only">Page </span>
                  {slot.page}
                </span>
              ) : (
                <Link to={hrefFor(slot.page)} className={link}>
                  <span className="sr-only">Page </span>
                  {slot.page}
                </Link>
              )}
            </li>
          ),
        )}
        <li className={`${narrowOnly} px-2 text-sm font-semibold text-fg`}>
          Page {current} of {last}
        </li>
        <li>
          {next ? (
            <Link to={hrefFor(next)} rel="next" className={link}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span className={inert}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
