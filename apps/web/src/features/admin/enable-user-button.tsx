// Disable or enable a user, after a confirmation that says what it means for them. An admin's
// own account is not offered for disabling (the server refuses it too): it says "You" instead.
import { useState } from "react";
import { Ban, CircleCheck } from "lucide-react";
import type { User } from "@trade-shop/contracts/identity";
import { useSession } from "@/lib/session";
import { buttonClass } from "@/lib/ui/button-styles";
import { useSetUserEnabled } from "./api/users";
import { ConfirmDialog } from "./confirm-dialog";

export function EnableUserButton({ user, className = "" }: { user: User; className?: string }) {
  const [asking, setAsking] = useState(false);
  const setEnabled = useSetUserEnabled();
  const enabling = !user.isActive;
  const name = `${user.firstname} ${user.lastname}`.trim() || user.username;
  const Icon = enabling ? CircleCheck : Ban;
  const own = useSession()?.claims.uid === user.id;

  const confirm = () =>
    setEnabled.mutate({ id: user.id, enabled: enabling }, { onSettled: () => setAsking(false) });

  if (own && !enabling) {
    return (
      <p className={`inline-flex min-h-11 items-center px-2 text-sm text-muted ${className}`}>
        Your own account
      </p>
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        className={`${buttonClass("secondary")} ${className}`}
      >
        <Icon aria-hidden="true" className={`size-4 ${enabling ? "text-brand" : "text-danger"}`} />
        {enabling ? "Enable" : "Disable"}
        <span className="sr-only"> {user.username}</span>
      </button>
      <ConfirmDialog
        open={asking}
        title={enabling ? `Enable ${name}?` : `Disable ${name}?`}
        confirmLabel={enabling ? "Enable user" : "Disable user"}
        danger={!enabling}
        busy={setEnabled.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        {enabling ? (
          <p>{user.username} can log in again. This also lifts a lock-out after too many wrong passwords.</p>
        ) : (
          <p>
            {user.username} can no longer log in, and is logged out at their next step in the shop. You can
            enable them again at any time.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
