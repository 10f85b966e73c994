// Reorder: an old order's lines go through the quick order pad's check, the same as
// any other lines, so a buyer sees today's prices (and what changed), stock and anything no
// longer sold, changes packs or drops lines, and only then adds them to the cart.
import { Link } from "react-router";
import { RotateCcw } from "lucide-react";
import { reorderPath } from "@/entities/orders";
import { buttonClass, type ButtonVariant } from "@/lib/ui/button-styles";

export function ReorderLink({
  id,
  orderId,
  variant = "primary",
  className = "",
  labelled = false,
}: {
  id: number;
  orderId: string;
  variant?: ButtonVariant;
  className?: string;
  /** Name the order in the accessible name (a row among many). */
  labelled?: boolean;
}) {
  return (
    <Link
      to={reorderPath(id)}
      aria-label={labelled ? `Reorder ${orderId}` : undefined}
      className={`${buttonClass(variant)} ${className}`}
    >
      <RotateCcw aria-hidden="true" className="size-4" />
      Reorder
    </Link>
  );
}
