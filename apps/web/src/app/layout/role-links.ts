// The pages a login's roles open, beyond the categories (docs/screens.md): a customer's ordering
// tools (and a rep's, once ordering for an account: decision 127), and the staff's work lists.
// The category strip shows them after the categories; the phone's side menu lists them too, so
// they are two taps away on a phone rather than at the far end of a strip that scrolls sideways.
// Icons the shell has already (the footer's, the header's): each new one adds to every first visit.
import {
  FileText,
  ImageOff,
  ListChecks,
  ListPlus,
  Send,
  Store,
  TextSearch,
  type LucideIcon,
} from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { hasRole, useSession } from "@/lib/session";
import { useShopper } from "@/entities/shopper";

export interface RoleLink {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** "ordering": a customer's tools; "staff": the staff's and admins' lists. */
  group: "ordering" | "staff";
}

/** The role links the current login may open, in the strip's order. */
export function useRoleLinks(): RoleLink[] {
  const session = useSession();
  const isCustomer = useShopper() !== null;
  const isStaff = hasRole(session, "Staff") || hasRole(session, "Admin");
  const links: (RoleLink & { show: boolean })[] = [
    { show: isCustomer, to: appRoutes.quickOrder, label: "Quick order", Icon: ListPlus, group: "ordering" },
    { show: isCustomer, to: appRoutes.orderLists, label: "Order lists", Icon: ListChecks, group: "ordering" },
    {
      show: hasRole(session, "NoImage"),
      to: appRoutes.manage,
      label: "No Images",
      Icon: ImageOff,
      group: "staff",
    },
    {
      show: isStaff,
      to: appRoutes.applications,
      label: "Applications",
      Icon: Store,
      group: "staff",
    },
    { show: isStaff, to: appRoutes.handOffs, label: "Hand-offs", Icon: Send, group: "staff" },
    { show: isStaff, to: appRoutes.paymentProofs, label: "Payment proofs", Icon: FileText, group: "staff" },
    { show: isStaff, to: appRoutes.manageSearch, label: "Search words", Icon: TextSearch, group: "staff" },
  ];
  return links.filter((link) => link.show).map(({ show: _show, ...link }) => link);
}
