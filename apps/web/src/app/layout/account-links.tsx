// Login and Register for visitors; name, Orders, Account and Logout for a logged-in user (docs/screens.md),
// plus Users for Admins and a tenant switcher for users who hold several tenants (docs/behaviour.md).
// Logout forgets everything cached for the user (cart, wishlist, prices) and lands on /featured.
import { useId } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import {
  CircleCheckBig,
  CircleUser,
  FileText,
  LogIn,
  LogOut,
  Package,
  Store,
  UserPlus,
  UserRound,
  UsersRound,
} from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { adminRoutes } from "@/features/admin/admin-routes";
import { tenantLabel } from "@/lib/tenant-label";
import { clearSession, getTenant, hasRole, setTenant, useSession } from "@/lib/session";
import { useShopper } from "@/entities/shopper";
import { stopActingFor } from "@/lib/acting-for";
import { useApprovalsInbox, useIsAccountOwner } from "@/entities/buyers";

const styles = {
  bar: {
    list: "flex items-center gap-1",
    item: "inline-flex min-h-11 items-center gap-1.5 rounded px-1.5 hover:underline underline-offset-4 xl:px-2",
    name: "inline-flex min-h-11 items-center gap-1.5 px-1.5 font-semibold leading-tight xl:px-2",
    tenant: "flex items-center gap-1.5 px-1",
    tenantLabel: "sr-only",
    select:
      "min-h-11 cursor-pointer rounded border border-white/40 bg-brand-strong px-2 text-on-brand hover:border-white/80",
  },
  menu: {
    list: "flex flex-col",
    item: "flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left font-medium hover:bg-surface-2",
    name: "flex min-h-11 items-center gap-3 px-3 font-semibold",
    tenant: "flex flex-col gap-1 px-3 py-2",
    tenantLabel: "text-sm font-medium text-muted",
    select: "min-h-11 w-full cursor-pointer rounded-lg border border-line bg-surface px-3 text-base text-fg",
  },
} as const;

function TenantSwitcher({ tenants, variant }: { tenants: readonly string[]; variant: keyof typeof styles }) {
  const id = useId();
  const style = styles[variant];
  return (
    <div className={style.tenant}>
      <label htmlFor={id} className={style.tenantLabel}>
        Tenant
      </label>
      <select
        id={id}
        value={getTenant() ?? tenants[0]}
        // Changing tenant stores it and reloads, so nothing of the old tenant lingers (docs/behaviour.md).
        onChange={(event) => setTenant(event.target.value)}
        className={style.select}
      >
        {tenants.map((tenant) => (
          <option key={tenant} value={tenant}>
            {tenantLabel(tenant)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function AccountLinks({ variant }: { variant: keyof typeof styles }) {
  const session = useSession();
  const shopper = useShopper();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const style = styles[variant];
  const icon = "size-4 shrink-0";
  // Owners manage the account's buyers; the answer is cached for five minutes.
  const isOwner = useIsAccountOwner();
  // The orders waiting for the owner: counted in the header on every page (asked for owners only).
  const waiting = useApprovalsInbox().data?.items.length ?? 0;

  if (!session) {
    return (
      <ul className={style.list}>
        <li>
          <Link to={appRoutes.login} className={style.item}>
            <LogIn aria-hidden="true" className={icon} />
            Login
          </Link>
        </li>
        <li>
          <Link to={appRoutes.registerAccount} className={style.item}>
            <UserPlus aria-hidden="true" className={icon} />
            Register
          </Link>
        </li>
      </ul>
    );
  }

  const logout = () => {
    stopActingFor();
    clearSession();
    queryClient.clear();
    navigate(appRoutes.featured);
  };

  const tenants = session.claims.tenants;
  const isAdmin = hasRole(session, "Admin");
  const isRep = hasRole(session, "Rep");
  // With a tenant switcher, the Users link or a rep's accounts the top bar runs out of room
  // below xl (1280 px): there Orders, Account and the rest show their icons, names kept for
  // screen readers.
  const compact = variant === "bar" && (tenants.length > 1 || isAdmin || isRep);
  const label = (text: string) => (compact ? <span className="sr-only xl:not-sr-only">{text}</span> : text);
  const hint = (text: string) => (compact ? text : undefined);

  return (
    <ul className={style.list}>
      <li className={style.name}>
        <CircleUser aria-hidden="true" className={icon} />
        <span className="sr-only">Logged in as </span>
        {session.claims.firstName} {session.claims.surname}
      </li>
      {tenants.length > 1 && (
        <li>
          <TenantSwitcher tenants={tenants} variant={variant} />
        </li>
      )}
      <li>
        <Link to={appRoutes.ordersHistory} className={style.item} title={hint("Orders")}>
          <Package aria-hidden="true" className={icon} />
          {label("Orders")}
        </Link>
      </li>
      <li>
        <Link to={appRoutes.accountDashboard} className={style.item} title={hint("Account")}>
          <UserRound aria-hidden="true" className={icon} />
          {label("Account")}
        </Link>
      </li>
      {isRep && (
        <li>
          <Link to={appRoutes.repAccounts} className={style.item} title={hint("My accounts")}>
            <Store aria-hidden="true" className={icon} />
            {label("My accounts")}
          </Link>
        </li>
      )}
      {shopper !== null && (
        <li>
          <Link to={appRoutes.statements} className={style.item} title={hint("Statements")}>
            <FileText aria-hidden="true" className={icon} />
            {label("Statements")}
          </Link>
        </li>
      )}
      {/* In the bar only while something waits, where room is short; always in the menu. */}
      {isOwner && (waiting > 0 || variant === "menu") && (
        <li>
          <Link
            to={appRoutes.approvals}
            className={style.item}
            aria-label={waiting === 0 ? "Approvals" : `Approvals, ${waiting} waiting`}
          >
            <CircleCheckBig aria-hidden="true" className={icon} />
            {label("Approvals")}
            {/* A space between the word and the count: without it, what a user sees reads as
                "Approvals1", which is not in the link's name (WCAG 2.5.3, label in name). */}{" "}
            {waiting > 0 && (
              <span
                aria-hidden="true"
                className="grid h-5 min-w-5 place-items-center rounded-full bg-accent px-1 text-xs font-bold text-on-accent"
              >
                {waiting}
              </span>
            )}
          </Link>
        </li>
      )}
      {isOwner && (
        <li>
          <Link to={appRoutes.buyers} className={style.item} title={hint("Buyers")}>
            <UsersRound aria-hidden="true" className={icon} />
            {label("Buyers")}
          </Link>
        </li>
      )}
      {isAdmin && (
        <li>
          <Link to={adminRoutes.users} className={style.item} title={hint("Users")}>
            <UsersRound aria-hidden="true" className={icon} />
            {label("Users")}
          </Link>
        </li>
      )}
      <li>
        <button type="button" onClick={logout} className={style.item}>
          <LogOut aria-hidden="true" className={icon} />
          Logout
        </button>
      </li>
    </ul>
  );
}
