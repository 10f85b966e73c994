// Where a successful login goes (docs/screens.md, docs/behaviour.md): the requested URL when there is one, carried as
// ?returnUrl= or, for the "{returnUrl}/{returnUrl}" route, as the encoded second segment of
// the path (/login/%2Forders-history%2F12); otherwise the products home.
import { DEFAULT_LANDING, appRoutes } from "@trade-shop/contracts/routes";

const LOGIN_AREA = [appRoutes.login, appRoutes.registerAccount, "/auth"];

function isLoginArea(path: string): boolean {
  const pathname = path.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/";
  return LOGIN_AREA.some((area) => pathname === area || pathname.startsWith(`${area}/`));
}

/**
 * A path on this site that is worth returning to, or null. Absolute and protocol-relative URLs
 * (//evil.example, /\evil.example) are refused so a crafted link cannot send a fresh session
 * elsewhere; so is the login area itself, which would only show the form again.
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  return isLoginArea(value) ? null : value;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The URL the visitor asked for before being sent to log in, if any. */
export function requestedUrl(pathname: string, search: string): string | null {
  const fromQuery = safeReturnUrl(new URLSearchParams(search).get("returnUrl"));
  if (fromQuery) return fromQuery;
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 2) return safeReturnUrl(decodeSegment(segments[1]!));
  return null;
}

export function landingAfterLogin(pathname: string, search: string): string {
  return requestedUrl(pathname, search) ?? DEFAULT_LANDING;
}
