// Login and Register for visitors; name, Orders, Account and Logout for a logged-in customer
// (SPEC §2). Logout forgets everything cached for the user and lands on /featured (SPEC §4).
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { CircleUser, LogIn, LogOut, Package, UserPlus, UserRound } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { clearSession, useSession } from "../../lib/session";

const styles = {
  bar: {
    list: "flex items-center gap-1",
    item: "inline-flex min-h-11 items-center gap-1.5 rounded px-2 hover:underline underline-offset-4",
    name: "inline-flex min-h-11 items-center gap-1.5 px-2 font-semibold",
  },
  menu: {
    list: "flex flex-col",
    item: "flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left font-medium hover:bg-surface-2",
    name: "flex min-h-11 items-center gap-3 px-3 font-semibold",
  },
} as const;

export function AccountLinks({ variant }: { variant: keyof typeof styles }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const style = styles[variant];
  const icon = "size-4 shrink-0";

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
    clearSession();
    queryClient.clear();
    navigate(appRoutes.featured);
  };

  return (
    <ul className={style.list}>
      <li className={style.name}>
        <CircleUser aria-hidden="true" className={icon} />
        <span className="sr-only">Logged in as </span>
        {session.claims.firstName} {session.claims.surname}
      </li>
      <li>
        <Link to={appRoutes.ordersHistory} className={style.item}>
          <Package aria-hidden="true" className={icon} />
          Orders
        </Link>
      </li>
      <li>
        <Link to={appRoutes.accountDashboard} className={style.item}>
          <UserRound aria-hidden="true" className={icon} />
          Account
        </Link>
      </li>
      <li>
        <button type="button" onClick={logout} className={style.item}>
          <LogOut aria-hidden="true" className={icon} />
          Logout
        </button>
      </li>
    </ul>
  );
}
