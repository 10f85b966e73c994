// The logged-in session: the JWT in localStorage ("tradeshop.session"), its decoded claims,
// and the active tenant. Other tabs follow along through the storage event, and the session
// ends by itself when the token expires. Whatever ends it, everything of the login goes with it
// (login-storage.ts), including a token that ran out while the shop was closed.
import type { RoleName } from "@trade-shop/contracts/common";
import { normalizeClaims, type TokenClaims } from "@trade-shop/contracts/credentials";
import { LOGIN_HINT_COOKIE } from "@trade-shop/contracts/http";
import { browserStorage, forgetLogin, LOGIN_KEYS } from "./login-storage";
import { createStore, useStore } from "./store";

const SESSION_KEY = LOGIN_KEYS.session;
const TENANT_KEY = "tradeshop.tenant";
const LAST_USERNAME_KEY = "tradeshop.lastUsername";
/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface Session {
  token: string;
  claims: TokenClaims;
}

function base64UrlToText(segment: string): string {
  const base64 = segment
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(segment.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's claims, or null when it is not a readable shop token. The signature is the server's business. */
export function decodeToken(token: string): TokenClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    return normalizeClaims(JSON.parse(base64UrlToText(payload)));
  } catch {
    return null;
  }
}

/** docs/behaviour.md: a valid token is non-empty and its exp (seconds) is still in the future. */
export function isTokenValid(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  if (!token) return false;
  const claims = decodeToken(token);
  return claims !== null && claims.exp * 1000 > nowMs;
}

function sessionFrom(token: string | null | undefined): Session | null {
  if (!token || !isTokenValid(token)) return null;
  const claims = decodeToken(token);
  return claims && { token, claims };
}

/** The stored login, when it is still valid; one that ran out while the shop was closed is forgotten whole. */
function storedSession(): Session | null {
  const token = browserStorage()?.getItem(SESSION_KEY);
  const session = sessionFrom(token);
  if (token && !session) forgetLogin();
  return session;
}

const sessionStore = createStore<Session | null>(storedSession(), null);
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Tells the server, with every page request, that this browser holds a login until `session`
 * ends, so it sends the layout for the app to fill rather than a visitor's page (docs/decisions/0140).
 */
function hintLogin(session: Session | null): void {
  if (typeof document === "undefined") return;
  const seconds = session ? Math.max(0, Math.floor(session.claims.exp - Date.now() / 1000)) : 0;
  document.cookie = session
    ? `${LOGIN_HINT_COOKIE}=1; Path=/; Max-Age=${seconds}; SameSite=Lax`
    : `${LOGIN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

function publish(session: Session | null): void {
  clearTimeout(expiryTimer);
  hintLogin(session);
  if (session) {
    const msLeft = session.claims.exp * 1000 - Date.now();
    expiryTimer = setTimeout(
      () => (msLeft > MAX_TIMER_MS ? publish(session) : clearSession()),
      Math.min(msLeft, MAX_TIMER_MS),
    );
  }
  sessionStore.set(session);
}

publish(sessionStore.get());

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === SESSION_KEY || event.key === null)
      publish(sessionFrom(browserStorage()?.getItem(SESSION_KEY)));
  });
}

/**
 * The current session, checked against the clock first: a computer that slept through the
 * expiry timer must not send a dead token (docs/behaviour.md: valid only while exp is in the future).
 */
export function getSession(): Session | null {
  const session = sessionStore.get();
  if (session && session.claims.exp * 1000 <= Date.now()) {
    clearSession();
    return null;
  }
  return session;
}

/** Stores a freshly issued token; returns null (and stores nothing) when it is not valid. */
export function startSession(token: string): Session | null {
  const session = sessionFrom(token);
  // Whoever used this browser before: nothing of theirs stays for the new login to find.
  forgetLogin({ nextUser: session?.claims.uid });
  if (session) browserStorage()?.setItem(SESSION_KEY, token);
  publish(session);
  return session;
}

export function clearSession(): void {
  forgetLogin();
  publish(null);
}

export function useSession(): Session | null {
  return useStore(sessionStore);
}

export function hasRole(session: Session | null, role: RoleName): boolean {
  return session?.claims.roles.includes(role) ?? false;
}

/**
 * The tenant requests are made for: the one chosen in this browser if the token holds it,
 * otherwise the token's first tenant.
 */
export function getTenant(): string | null {
  const chosen = browserStorage()?.getItem(TENANT_KEY) ?? null;
  const held = sessionStore.get()?.claims.tenants ?? [];
  if (chosen && (held.length === 0 || held.includes(chosen))) return chosen;
  return held[0] ?? null;
}

/** docs/behaviour.md: a failed login clears the tenant as well as the token. */
export function clearTenant(): void {
  browserStorage()?.removeItem(TENANT_KEY);
}

/** docs/behaviour.md keeps the last user name so the login form can offer it next time. */
export function rememberUsername(username: string): void {
  browserStorage()?.setItem(LAST_USERNAME_KEY, username);
}

export function lastUsername(): string {
  return browserStorage()?.getItem(LAST_USERNAME_KEY) ?? "";
}

/** docs/behaviour.md: changing tenant stores it and reloads the page, so nothing of the old tenant lingers. */
export function setTenant(tenant: string): void {
  browserStorage()?.setItem(TENANT_KEY, tenant);
  window.location.reload();
}
