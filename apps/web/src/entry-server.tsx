// The server's render of a page (docs/decisions/0140), built by Vite beside the browser's app and
// loaded by the shop's server (apps/server/src/http/web-pages.ts). The same route table and
// components as the browser's:
// - a visitor's public page (the product list, a product, the content pages) is rendered with its
//   data, asked of the shop's own API in process, and the query cache and router state go into the
//   page for the browser to hydrate;
// - an address that only redirects (/, /featured, an unknown path) is answered with the redirect;
// - any other page, and every page of a browser that holds a login, is the layout with a loading
//   page in it, which the app replaces with the real page as it starts (a login's prices and cart
//   are the browser's to ask for: its token never reaches the server with a page request).
import { Writable } from "node:stream";
import { StrictMode, type ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  type StaticHandlerContext,
} from "react-router";
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { buildPath, type ApiRoute } from "@trade-shop/contracts/http";
import { appRoutes } from "@trade-shop/contracts/routes";
import { AppProviders } from "./app/providers";
import { createQueryClient } from "./app/query-client";
import { RootLayout } from "./app/layout/root-layout";
import { PageLoading } from "./app/pages/page-loading";
import { pageHead, pageHeadHtml } from "./app/page-head";
import { PAGE_STATE_ID, pageStateJson, type PageState } from "./app/page-state";
import { isServerRendered, routes } from "./app/router";
import { prefetchCataloguePage } from "./features/catalogue/api/prefetch-page";
import { ApiError, describeFailure, type Ask } from "./lib/api-client";

/** One call of the shop's API, answered in process by the server's own handlers. */
export type InProcessApi = (call: {
  method: string;
  /** Path and query. */
  url: string;
  body?: unknown;
}) => Promise<{ status: number; body: string }>;

export interface PageRequest {
  /** The path and query asked for. */
  url: string;
  /** The shop's own address (scheme and host), for canonical links. */
  origin: string;
  /** The browser holds a login: the page is framed, never rendered with a visitor's data. */
  login: boolean;
  api: InProcessApi;
  /** The built index.html, with its `<!--page-head-->` and `<!--page-->` marks. */
  template: string;
  /** The Content-Security-Policy nonce React's own inline scripts carry (the server may put in each answer's own). */
  nonce: string;
  /** How long the render may take before the layout alone is sent. */
  timeoutMs?: number;
}

export type RenderedPage =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "page"; status: number; rendered: PageState["rendered"]; html: string };

const HEAD_MARK = "<!--page-head-->";
const PAGE_MARK = "<!--page-->";

/** The layout around a loading page, for every address the server does not render with data. */
const shellRoutes: RouteObject[] = [
  { path: "/", Component: RootLayout, children: [{ path: "*", Component: PageLoading }] },
];
const pageHandler = createStaticHandler(routes);
const shellHandler = createStaticHandler(shellRoutes);

/** `apiRequest`, answered in process: the same routes, answers read and checked as the browser reads them. */
function inProcessAsk(api: InProcessApi): Ask {
  const ask = async (
    route: ApiRoute,
    options: {
      body?: unknown;
      params?: Record<string, string | number>;
      query?: Record<string, unknown>;
    } = {},
  ) => {
    const fill = buildPath as (route: ApiRoute, params?: Record<string, string | number>) => string;
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== null && value !== undefined) search.append(key, String(value));
    const url = search.size > 0 ? `${fill(route, options.params)}?${search}` : fill(route, options.params);
    const answer = await api({
      method: route.method,
      url,
      body: route.method === "GET" ? undefined : (options.body ?? {}),
    });
    if (answer.status !== 200) {
      const failure = describeFailure(answer.status, answer.body);
      throw new ApiError(answer.status, failure.message, failure.problem);
    }
    return route.response ? route.response.parse(JSON.parse(answer.body)) : undefined;
  };
  return ask as unknown as Ask;
}

function document(template: string, head: string, state: PageState): [before: string, after: string] {
  const [before = "", after = ""] = template.replace(HEAD_MARK, head).split(PAGE_MARK);
  return [
    before,
    `${after.replace("</div>", `</div>\n    <script type="application/json" id="${PAGE_STATE_ID}">${pageStateJson(state)}</script>`)}`,
  ];
}

/**
 * The document: `before`, React's stream of `app` once all of it is ready (nothing is left to
 * stream in later), and `after`, as one string, so the server can keep it (web-pages.ts).
 */
function render(app: ReactNode, before: string, after: string, request: PageRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [before];
    const collect = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === "string" ? chunk : chunk.toString("utf8"));
        done();
      },
      final(done) {
        chunks.push(after);
        resolve(chunks.join(""));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: request.nonce,
      // Every part in its place: React otherwise writes a finished part of a large page after the
      // rest, for its own script to move in (a product's information), which a crawler or a
      // browser without scripts never sees.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        pipe(collect);
      },
      onShellError: reject,
      onError(error) {
        // Parts that failed render on in the browser; the page itself is sent.
        if (!(error instanceof Error && error.name === "AbortError")) console.error("Server render:", error);
      },
    });
    const timer = setTimeout(
      () => abort(new Error("server render took too long")),
      request.timeoutMs ?? 5000,
    );
  });
}

function appOf(client: QueryClient, context: StaticHandlerContext, handler: typeof pageHandler) {
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <StrictMode>
      <AppProviders client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
}

async function shell(request: PageRequest, url: URL, status: number): Promise<RenderedPage> {
  const context = await shellHandler.query(new Request(url));
  if (context instanceof Response) throw new Error("the layout redirected");
  const client = createQueryClient();
  const head = pageHeadHtml(pageHead(url, client, request.origin));
  const state: PageState = { rendered: "shell" };
  const [before, after] = document(request.template, head, state);
  const app = appOf(client, context, shellHandler);
  return {
    kind: "page",
    status,
    rendered: "shell",
    html: await render(app, before, after, request),
  };
}

export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  const url = new URL(request.url, request.origin);
  // An image path is a login's (the layout sends a visitor away from it as well).
  if (!request.login && /images/i.test(url.pathname)) return { kind: "redirect", status: 302, location: "/" };
  if (request.login || !isServerRendered(url.pathname)) return shell(request, url, 200);

  const context = await pageHandler.query(new Request(url));
  if (context instanceof Response) {
    const location = context.headers.get("Location") ?? appRoutes.notFound;
    return { kind: "redirect", status: context.status, location };
  }
  if (context.errors) return shell(request, url, 500);

  const client = createQueryClient();
  await prefetchCataloguePage(client, url, "guest", inProcessAsk(request.api));
  // A page whose data could not be had (no such product, a search the API refuses) is left to the
  // browser, which asks again and says why as it always does; the answer keeps the status.
  const failed = client
    .getQueryCache()
    .getAll()
    .map((query) => query.state.error)
    .find((error) => error !== null);
  if (failed !== undefined)
    return shell(request, url, failed instanceof ApiError && failed.status > 0 ? failed.status : 500);
  const status = url.pathname === appRoutes.notFound ? 404 : context.statusCode;

  const state: PageState = {
    rendered: "page",
    queries: dehydrate(client),
    router: { loaderData: context.loaderData, actionData: context.actionData },
  };
  const [before, after] = document(
    request.template,
    pageHeadHtml(pageHead(url, client, request.origin)),
    state,
  );
  const html = await render(appOf(client, context, pageHandler), before, after, request);
  return { kind: "page", status, rendered: "page", html };
}
