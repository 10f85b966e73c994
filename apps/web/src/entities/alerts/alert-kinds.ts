// The words for each kind of alert and each way of being told (issue 36), in the order the
// preferences grid shows them.
import type { AlertKind, AlertPreference } from "@trade-shop/contracts/alerts";

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  order_status: "Order status changes",
  approval_needed: "Approval needed",
  approval_decided: "Approval decided",
  back_in_stock: "Back in stock (wishlist)",
  statement_ready: "Statement ready",
};

export type AlertChannel = Exclude<keyof AlertPreference, "kind">;

export const ALERT_CHANNELS: readonly { channel: AlertChannel; label: string }[] = [
  { channel: "inShop", label: "In the shop" },
  { channel: "email", label: "E-mail" },
  { channel: "sms", label: "SMS" },
  { channel: "push", label: "Push on this phone" },
];
