// A user's standing at a glance: disabled, locked out (and until when), or active.
import type { User } from "@trade-shop/contracts/identity";
import { formatDateTime } from "@/lib/format";

export type UserStatus = { kind: "disabled" } | { kind: "locked"; until: string } | { kind: "active" };

export function userStatus(
  user: Pick<User, "isActive" | "lockoutExpiryDate">,
  nowMs: number = Date.now(),
): UserStatus {
  if (!user.isActive) return { kind: "disabled" };
  if (user.lockoutExpiryDate && Date.parse(user.lockoutExpiryDate) > nowMs) {
    return { kind: "locked", until: user.lockoutExpiryDate };
  }
  return { kind: "active" };
}

const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";

export function UserStatusBadge({ user }: { user: Pick<User, "isActive" | "lockoutExpiryDate"> }) {
  const status = userStatus(user);
  if (status.kind === "disabled")
    return <span className={`${badge} bg-danger/15 text-danger`}>Disabled</span>;
  if (status.kind === "locked") {
    return (
      <span
        className={`${badge} bg-accent/25 text-fg`}
        title={`Locked until ${formatDateTime(status.until)}`}
      >
        Locked until {formatDateTime(status.until)}
      </span>
    );
  }
  return <span className={`${badge} bg-brand-soft text-brand`}>Active</span>;
}
