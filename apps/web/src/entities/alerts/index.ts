// The user's alerts (issue 36): the list with its unread count for the header's bell and
// /alerts, marking them read, the choices of how each kind is told, and web push on this device.
// The front door: features and other entities import these, never the files behind them.
export {
  ALERTS_POLL_MS,
  getAlertsQueryOptions,
  useAlertPreferences,
  useAlerts,
  useAlertsFollowUps,
  useMarkAlertsRead,
  useSetAlertPreferences,
  useStorePreferences,
  useUnreadAlerts,
} from "./alert-queries";
export { ALERT_CHANNELS, ALERT_KIND_LABELS, type AlertChannel } from "./alert-kinds";
export {
  PushRefused,
  pushSupported,
  subscribeThisDevice,
  unsubscribeThisDevice,
  usePushState,
  vapidKeyBytes,
  type PushState,
} from "./push-subscription";
