// The header's bell (issue 36): how many of the user's alerts are unread, linking to /alerts.
// From 640 px it sits in the shop bar beside the wishlist and cart, styled with the header's own
// classes (handed in, like the cart's button); on a phone the shop bar has no room left beside
// the search, so it sits in the account strip under it, at the strip's right end. The count is
// kept current by the alerts' poll and by the real-time stream's order changes (entities/alerts).
import { Link } from "react-router";
import { Bell } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { useAlertsFollowUps, useUnreadAlerts } from "@/entities/alerts";

/** "Alerts, 3 unread": the name a screen reader says. */
export const bellLabel = (unread: number) => `Alerts, ${unread} unread`;

const shown = (unread: number) => (unread > 99 ? "99+" : String(unread));

interface AlertsBellProps {
  className: string;
  badgeClassName: string;
}

/** The shop bar's bell. Mounted whenever a customer is logged in, so it also keeps the count current. */
export function AlertsBell({ className, badgeClassName }: AlertsBellProps) {
  useAlertsFollowUps();
  const unread = useUnreadAlerts();
  return (
    <Link to={appRoutes.alerts} className={className} aria-label={bellLabel(unread)} title="Alerts">
      <Bell aria-hidden="true" className="size-6" />
      {unread > 0 && (
        <span aria-hidden="true" className={badgeClassName} data-testid="alerts-unread">
          {shown(unread)}
        </span>
      )}
    </Link>
  );
}

/**
 * The account strip's bell, for a phone: the icon and, when there are any, the unread count
 * beside it; as tall as the strip, which it does not make taller.
 */
export function AlertsStripLink({ className = "" }: { className?: string }) {
  const unread = useUnreadAlerts();
  return (
    <Link
      to={appRoutes.alerts}
      className={`-my-0.5 inline-flex min-h-8 min-w-11 items-center justify-center gap-1 rounded-lg px-1.5 text-fg hover:bg-surface-2 ${className}`}
      aria-label={bellLabel(unread)}
      title="Alerts"
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="grid h-5 min-w-5 place-items-center rounded-full bg-accent px-1 text-xs font-bold text-on-accent"
          data-testid="alerts-unread"
        >
          {shown(unread)}
        </span>
      )}
    </Link>
  );
}
