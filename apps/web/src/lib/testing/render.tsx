// Test support for component tests: the app's providers around a piece of UI (a fresh query
// cache, a router at a chosen address that shows where a link or navigation went), a logged-in
// session from an unsigned token, and a fake fetch that answers the API calls a test expects.
// Only the network is faked: the components under test run as they do in the shop.
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import type { RoleName } from "@trade-shop/contracts/common";
import { clearSession, startSession } from "../session";
import { fakeJwt } from "./tokens";

export { fakeJwt };

export function logInAs(roles: RoleName[] = ["Customer"]): void {
  startSession(fakeJwt(roles));
}

export function logOut(): void {
  clearSession();
  localStorage.clear();
}

/**
 * A file's hooks for screens under a login: logged in with `roles` before each test; after each,
 * what was rendered unmounted, the session ended and stubbed globals (a faked fetch) put back.
 */
export function loggedInForEachTest(roles: RoleName[] = ["Customer"]): void {
  beforeEach(() => logInAs(roles));
  afterEach(() => {
    cleanup();
    logOut();
    vi.unstubAllGlobals();
  });
}

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <output aria-label="Current address">{pathname + search}</output>;
}

/** Renders `ui` at `route` with a query cache (pre-filled by the caller if it likes) and a router. */
export function renderInShop(ui: ReactNode, { route = "/", queryClient = testQueryClient() } = {}) {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <CurrentAddress />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

type Answer =
  | { status?: number; body: unknown }
  | ((request: { body: unknown; query: URLSearchParams }) => { status?: number; body: unknown });

/**
 * A fetch that answers "METHOD /path" with the given JSON (problem details for a status of 400
 * and up), or with what a function of the request's body and query gives; anything else fails
 * the test. Returns the calls made, to assert what was sent.
 */
export function fakeFetch(answers: Record<string, Answer>) {
  const calls: Array<{ route: string; body: unknown }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://shop.test");
    const route = `${(init?.method ?? "GET").toUpperCase()} ${url.pathname}`;
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ route, body });
    const answer = answers[route];
    if (!answer) throw new Error(`Unexpected call ${route}`);
    const { status = 200, body: json } =
      typeof answer === "function" ? answer({ body, query: url.searchParams }) : answer;
    return new Response(JSON.stringify(json), {
      status,
      headers: { "Content-Type": status >= 400 ? "application/problem+json" : "application/json" },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}
