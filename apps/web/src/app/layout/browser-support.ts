// docs/behaviour.md flags three browsers as inferior: ie, edge and safari. The names follow the common
// user-agent detectors: "edge" is the old EdgeHTML Edge (today's Edge is Chromium, reported as
// "Edg/"), and "safari" is Safari on a Mac. Safari on an iPhone or iPad is not flagged: every
// iOS browser runs Safari's engine, so advice to switch browsers could not be followed there.

export type FlaggedBrowser = "ie" | "edge" | "safari";

export const FLAGGED_BROWSER_NAMES: Record<FlaggedBrowser, string> = {
  ie: "Internet Explorer",
  edge: "the old Microsoft Edge",
  safari: "Safari",
};

/** Which flagged browser sent this user agent, or null for any other browser. */
export function flaggedBrowser(userAgent: string): FlaggedBrowser | null {
  if (/\bMSIE \d|\bTrident\/\d/.test(userAgent)) return "ie";
  if (/\bEdge\/\d/.test(userAgent)) return "edge";
  const isSafari = /\bVersion\/[\d.]+ .*\bSafari\/[\d.]+/.test(userAgent);
  // Other browsers put "Safari" in their user agent too, and every iOS browser is Safari's engine.
  const isOtherOrIos = /\b(Chrome|Chromium|CriOS|FxiOS|EdgiOS|OPiOS|Android|iPhone|iPad|iPod|Mobile)\b/.test(
    userAgent,
  );
  return isSafari && !isOtherOrIos ? "safari" : null;
}
