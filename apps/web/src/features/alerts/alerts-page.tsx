// /alerts (docs/screens.md Alerts, issue 36): the user's alerts, newest first (the server's 50
// newest), each with its title, what happened, its time (dd-MMM-yyyy HH:mm) and a link to
// what it is about; the unread ones marked "New" and in bold, and opening one marks it read.
// "Mark all as read". Then how the user is told of each kind: a grid of the kinds by In the
// shop, E-mail, SMS and Push, each choice saved as it is made, and web push turned on or off
// for this device (or why it cannot be here). A customer's login only (the route's loader).
import { useState } from "react";
import { Link } from "react-router";
import { BellOff, BellRing, CheckCheck, LoaderCircle } from "lucide-react";
import type { Alert, AlertKind, AlertPreference, AlertPreferences } from "@trade-shop/contracts/alerts";
import { formatDateTime } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { LoginPrompt } from "@/lib/ui/login-prompt";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  ALERT_CHANNELS,
  ALERT_KIND_LABELS,
  PushRefused,
  subscribeThisDevice,
  unsubscribeThisDevice,
  useAlertPreferences,
  useAlerts,
  useMarkAlertsRead,
  usePushState,
  useSetAlertPreferences,
  useStorePreferences,
  type AlertChannel,
  type PushState,
} from "@/entities/alerts";

const sectionHeading = "text-lg font-bold text-fg sm:text-xl";

/** A path of the shop, which the alert's link must be to be followed in the app. */
const isShopPath = (link: string) => link.startsWith("/") && !link.startsWith("//");

function AlertRow({ alert, onOpen }: { alert: Alert; onOpen: (id: number) => void }) {
  const unread = alert.readAt === null;
  const title = (
    <>
      {unread && (
        <span className="mr-2 inline-flex items-center rounded-full bg-accent px-2 py-0.5 align-[0.1em] text-xs font-bold text-on-accent">
          New
        </span>
      )}
      <span className={unread ? "font-bold" : "font-semibold"}>{alert.title}</span>
    </>
  );
  return (
    <li className={`px-4 py-3 ${unread ? "bg-brand-soft/60" : ""}`} data-unread={unread || undefined}>
      {isShopPath(alert.link) ? (
        <Link
          to={alert.link}
          onClick={() => unread && onOpen(alert.id)}
          className="inline-flex min-h-11 items-center break-words text-brand underline-offset-4 hover:underline"
        >
          <span>{title}</span>
        </Link>
      ) : (
        <p className="flex min-h-11 items-center">{title}</p>
      )}
      <p className="break-words text-fg">{alert.body}</p>
      <p className="mt-1 text-sm text-muted">
        <time dateTime={alert.createdAt} className="tabular-nums">
          {formatDateTime(alert.createdAt)}
        </time>
      </p>
    </li>
  );
}

function AlertList() {
  const { data, isPending, isError, error, refetch } = useAlerts();
  const markRead = useMarkAlertsRead();

  if (isPending) return <Loading label="Loading your alerts" />;
  if (isError || !data)
    return (
      <LoadFailed
        message="We could not load your alerts."
        error={error}
        variant="card"
        onRetry={() => void refetch()}
      />
    );

  return (
    <>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-muted">
          {data.items.length === 0
            ? "You have no alerts yet."
            : data.unread === 0
              ? "All read."
              : `${data.unread} unread.`}
        </p>
        {data.items.length > 0 && (
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={data.unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            Mark all as read
          </button>
        )}
      </div>
      {data.items.length === 0 ? (
        <p className="mt-3 rounded-xl border border-line bg-surface p-6 text-muted">
          We tell you here when an order changes status, when an order needs the owner&apos;s approval or has
          been approved or rejected, when something on your wishlist is back in stock, and when your statement
          is ready.
        </p>
      ) : (
        <ul
          aria-label="Your alerts, newest first"
          className="mt-3 divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
        >
          {data.items.map((alert) => (
            <AlertRow key={alert.id} alert={alert} onOpen={(id) => markRead.mutate([id])} />
          ))}
        </ul>
      )}
    </>
  );
}

/** The kinds in the order of their labels, whatever order the server lists them in. */
const KINDS = Object.keys(ALERT_KIND_LABELS) as AlertKind[];

function PreferencesGrid({ preferences }: { preferences: AlertPreference[] }) {
  const save = useSetAlertPreferences();
  const byKind = new Map(preferences.map((p) => [p.kind, p]));
  const change = (kind: AlertKind, channel: AlertChannel, on: boolean) =>
    save.mutate(
      KINDS.filter((k) => byKind.has(k) || k === kind).map((k) => {
        const current = byKind.get(k) ?? { kind: k, inShop: true, email: false, sms: false, push: false };
        return k === kind ? { ...current, [channel]: on } : current;
      }),
    );

  return (
    <>
      <div className="mt-3 overflow-x-auto rounded-xl border border-line bg-surface">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">How you are told of each kind of alert</caption>
          <thead>
            <tr className="border-b border-line bg-surface-2 text-xs font-bold text-muted">
              <th scope="col" className="px-3 py-2 text-left">
                Alert
              </th>
              {ALERT_CHANNELS.map(({ channel, label }) => (
                <th key={channel} scope="col" className="w-[17%] px-1 py-2 text-center leading-tight">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {KINDS.filter((kind) => byKind.has(kind)).map((kind) => {
              const preference = byKind.get(kind)!;
              return (
                <tr key={kind}>
                  <th scope="row" className="px-3 py-1 text-left font-semibold text-fg">
                    {ALERT_KIND_LABELS[kind]}
                  </th>
                  {ALERT_CHANNELS.map(({ channel, label }) => (
                    <td key={channel} className="px-1 py-1 text-center">
                      <label className="inline-flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-2">
                        <input
                          type="checkbox"
                          className="size-5 accent-brand-bg"
                          checked={preference[channel]}
                          onChange={(event) => change(kind, channel, event.target.checked)}
                        />
                        <span className="sr-only">
                          {ALERT_KIND_LABELS[kind]}: {label}
                        </span>
                      </label>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-muted">
        {save.isPending ? "Saving…" : save.isError ? "Not saved: try again." : save.isSuccess ? "Saved." : ""}
      </p>
    </>
  );
}

/** Why push cannot be turned on here, in a sentence; null when it can. */
function pushUnavailable(state: PushState, pushPublicKey: string): string | null {
  if (state === "unsupported")
    return "This browser cannot receive push messages. On a phone, add the shop to your home screen and open it from there.";
  if (!pushPublicKey) return "Push messages are not set up on this shop yet.";
  if (state === "no-worker")
    return "Push comes through the shop's offline helper (its service worker), which is still starting on this device. If this stays, reload the page.";
  if (state === "blocked")
    return "Notifications are blocked for this shop in your browser's settings. Allow them there to turn push on.";
  return null;
}

function PushOnThisDevice({ preferences }: { preferences: AlertPreferences }) {
  const { state, recheck } = usePushState();
  const store = useStorePreferences();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");

  const devices = preferences.pushDevices;
  const deviceCount =
    devices === 0
      ? "No device of yours gets push messages yet."
      : `${devices} ${devices === 1 ? "device" : "devices"} of yours ${devices === 1 ? "gets" : "get"} push messages.`;

  const turn = async (on: boolean) => {
    setBusy(true);
    setMessage("");
    try {
      const answer = on
        ? await subscribeThisDevice(preferences.pushPublicKey)
        : await unsubscribeThisDevice();
      if (answer) store(answer);
      setMessage(on ? "Push is on for this device." : "Push is off for this device.");
    } catch (error) {
      setMessage(
        error instanceof PushRefused
          ? error.blocked
            ? "Notifications are blocked for this shop, so push stays off. Allow them in your browser's settings."
            : "Push stays off: notifications were not allowed."
          : `Could not turn push ${on ? "on" : "off"} on this device. Check your connection and try again.`,
      );
    } finally {
      setBusy(false);
      recheck();
    }
  };

  const why = pushUnavailable(state, preferences.pushPublicKey);
  return (
    <div className="mt-4 rounded-xl border border-line bg-surface p-4">
      <h3 className="font-bold text-fg">Push on this device</h3>
      <p className="mt-1 text-sm text-muted">{deviceCount}</p>
      {state === "checking" ? (
        <p className="mt-3 text-sm text-muted">Checking this device…</p>
      ) : why ? (
        <p className="mt-3 text-sm text-fg">{why}</p>
      ) : (
        <button
          type="button"
          className={`${buttonClass(state === "on" ? "secondary" : "primary")} mt-3`}
          disabled={busy}
          aria-busy={busy}
          onClick={() => void turn(state !== "on")}
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : state === "on" ? (
            <BellOff aria-hidden="true" className="size-4" />
          ) : (
            <BellRing aria-hidden="true" className="size-4" />
          )}
          {state === "on" ? "Turn off push on this device" : "Turn on push on this device"}
        </button>
      )}
      <p role="status" className="mt-2 text-sm text-fg empty:hidden">
        {message}
      </p>
    </div>
  );
}

function Preferences() {
  const { data, isPending, isError, error, refetch } = useAlertPreferences();
  if (isPending) return <Loading label="Loading your choices" />;
  if (isError || !data)
    return (
      <LoadFailed
        message="We could not load how you are told of alerts."
        error={error}
        variant="card"
        onRetry={() => void refetch()}
      />
    );
  return (
    <>
      <PreferencesGrid preferences={data.preferences} />
      <PushOnThisDevice preferences={data} />
    </>
  );
}

export function AlertsPage() {
  useDocumentTitle("Alerts");
  const { shopper } = useAlerts();

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Alerts
      </h1>
      {shopper === null ? (
        <LoginPrompt what="alerts" />
      ) : (
        <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <section aria-labelledby="alerts-list">
            <h2 id="alerts-list" className={sectionHeading}>
              Your alerts
            </h2>
            <AlertList />
          </section>
          <section aria-labelledby="alerts-choices">
            <h2 id="alerts-choices" className={sectionHeading}>
              How we tell you
            </h2>
            <p className="mt-1 text-sm text-muted">
              Choose for each kind of alert. Each choice is saved as you make it. E-mail and SMS go to the
              address and number on your login.
            </p>
            <Preferences />
          </section>
        </div>
      )}
    </section>
  );
}
