// The one HTTP client of the web app (docs/api.md). Every call goes through the route table of
// @trade-shop/contracts/api, carries the session's token, tenant and request-forgery header,
// and fails the same way everywhere: a toast for the user and a typed ApiError for the caller.
import { successToast, toast } from "./ui/toasts";
import type { z } from "zod";
import {
  ACTING_FOR_HEADER,
  TENANT_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
  buildPath,
  type ApiRoute,
  type PathParams,
  type RequestBody,
  type ResponseBody,
} from "@trade-shop/contracts/http";
import { ProblemDetails, SuccessEnvelope } from "@trade-shop/contracts/common";
import { trackRequest } from "./http-activity";
import { noteAnswer, noteUnreachable } from "./offline/connectivity";
import { getActingFor } from "./acting-for";
import { clearSession, getSession, getTenant } from "./session";

/** docs/rules.md: the global HTTP error toast stays 5 seconds. */
export const ERROR_TOAST_MS = 5000;
export const ERROR_TOAST_TITLE = "Error";
export const UNEXPECTED_ERROR = "An unexpected server error occurred.";
export const UNREADABLE_ERROR = "An error occurred";
export const NOT_LOGGED_IN = "Please log in to continue.";
export const OFFLINE_ERROR = "Could not reach Trade Shop. Check your connection and try again.";

/** A failed call: `status` 0 means the server was not reached; `problem` is the server's explanation, if it gave one. */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    message: string,
    readonly problem?: ProblemDetails,
  ) {
    super(message);
  }
}

/** What to tell the user about a failed call; `problem` is kept for the caller when the body was one. */
export interface Failure {
  message: string;
  problem?: ProblemDetails;
}

const LenientProblem = ProblemDetails.partial();

/**
 * docs/api.md: the first message of an `errors` map, else the problem's title; a body that cannot
 * be read says "An error occurred"; anything else is "An unexpected server error occurred.".
 */
export function describeFailure(status: number, bodyText: string): Failure {
  if (status === 0) return { message: OFFLINE_ERROR };
  if (bodyText.trim() === "") return { message: UNEXPECTED_ERROR };
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return { message: UNREADABLE_ERROR };
  }
  const lenient = LenientProblem.safeParse(body);
  if (!lenient.success) return { message: UNEXPECTED_ERROR };
  const strict = ProblemDetails.safeParse(body);
  const problem = strict.success ? strict.data : undefined;
  const firstFieldMessage = Object.values(lenient.data.errors ?? {})
    .flat()
    .find((message) => message.trim() !== "");
  const message = firstFieldMessage ?? lenient.data.title;
  return message ? { message, problem } : { message: UNEXPECTED_ERROR, problem };
}

/** docs/api.md: a successful answer shaped as a success envelope is announced with a success toast. */
export function describeSuccess(body: unknown): { title: string; message: string } | null {
  const envelope = SuccessEnvelope.safeParse(body);
  return envelope.success && envelope.data.success
    ? { title: envelope.data.title, message: envelope.data.message }
    : null;
}

type QueryValue = string | number | boolean | null | undefined;

type BodyOption<R extends ApiRoute> = R["body"] extends z.ZodType
  ? { body: RequestBody<R> }
  : { body?: never };
type ParamsOption<R extends ApiRoute> = keyof PathParams<R["path"]> extends never
  ? { params?: never }
  : { params: PathParams<R["path"]> };
type QueryOption<R extends ApiRoute> = R["query"] extends z.ZodType
  ? { query: z.input<R["query"]> & Record<string, QueryValue> }
  : { query?: never };

export type ApiRequestOptions<R extends ApiRoute> = BodyOption<R> &
  ParamsOption<R> &
  QueryOption<R> & {
    signal?: AbortSignal;
    /** No toast when only the network failed: the caller has a copy to show. */
    quietWhenUnreachable?: boolean;
    /** Headers of the route's own beside the usual ones (an applicant's X-Application-Token). */
    headers?: Record<string, string>;
  } & AnswerOptions;

/** How an answer's failure is shown. */
export interface AnswerOptions {
  /** Fail without a toast: for background calls (the real-time ticket) that retry on their own. */
  quiet?: boolean;
  /** No toast for a 404: another call of the same page has said it (a product's pictures). */
  quietNotFound?: boolean;
}

type OptionsArgs<R extends ApiRoute> =
  Record<string, never> extends ApiRequestOptions<R>
    ? [options?: ApiRequestOptions<R>]
    : [options: ApiRequestOptions<R>];

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const cookie = document.cookie.split("; ").find((entry) => entry.startsWith(prefix));
  return cookie ? decodeURIComponent(cookie.slice(prefix.length)) : null;
}

function buildUrl(
  route: ApiRoute,
  params: Record<string, string | number> | undefined,
  query: Record<string, QueryValue> | undefined,
) {
  const fillPath = buildPath as (route: ApiRoute, params?: Record<string, string | number>) => string;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${fillPath(route, params)}?${queryString}` : fillPath(route, params);
}

function buildHeaders(method: string, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ ...extra, Accept: "application/json", "Content-Type": "application/json" });
  const session = getSession();
  if (session) headers.set("Authorization", `Bearer ${session.token}`);
  const tenant = getTenant();
  if (tenant) headers.set(TENANT_HEADER, tenant);
  // A sales rep's chosen account (decision 127): prices, stock and cart are that customer's.
  const acting = getActingFor();
  if (acting) headers.set(ACTING_FOR_HEADER, acting.accountId);
  // Every path in the route table is relative to this origin, so every unsafe method carries the
  // double-submit token the server set in its cookie.
  if (method !== "GET" && method !== "HEAD") {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  return headers;
}

function fail(status: number, failure: Failure, quiet = false): never {
  if (status === 401) clearSession();
  if (!quiet) toast.error(ERROR_TOAST_TITLE, { description: failure.message, duration: ERROR_TOAST_MS });
  throw new ApiError(status, failure.message, failure.problem);
}

async function send<R extends ApiRoute>(
  route: R,
  options: Partial<ApiRequestOptions<ApiRoute>>,
): Promise<ResponseBody<R>> {
  const method = route.method;
  const hasBody = method !== "GET";
  // A route that needs a login is not asked without one: it could only be refused (a query of a
  // page still on screen as its user logs out, for one). Quiet, as nobody is there to tell.
  if (route.auth && !getSession()) return fail(401, { message: NOT_LOGGED_IN }, true);
  let response: Response;
  try {
    response = await fetch(buildUrl(route, options.params, options.query), {
      method,
      headers: buildHeaders(method, options.headers),
      // Body-less commands still send "{}" so the JSON content type always holds a JSON body.
      body: hasBody ? JSON.stringify(options.body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    noteUnreachable();
    return fail(0, describeFailure(0, ""), options.quiet || options.quietWhenUnreachable);
  }
  return apiAnswer(route, response, options);
}

/**
 * `route`'s answer read from `response`, as every call reads it: problems, an unreadable or
 * unexpected body, success toasts.
 */
async function apiAnswer<R extends ApiRoute>(
  route: R,
  response: Response,
  options: AnswerOptions = {},
): Promise<ResponseBody<R>> {
  const method = route.method;
  noteAnswer(response.headers);

  if (response.status === 204) return undefined as ResponseBody<R>;
  const text = await response.text();
  if (!response.ok) {
    const quiet = options.quiet || (options.quietNotFound && response.status === 404);
    return fail(response.status, describeFailure(response.status, text), quiet);
  }
  if (text.trim() === "" || !route.response) return undefined as ResponseBody<R>;

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(response.status, { message: UNREADABLE_ERROR }, options.quiet);
  }
  const parsed = route.response.safeParse(json);
  if (!parsed.success) {
    console.error(`${method} ${route.path} answered with an unexpected shape`, parsed.error);
    return fail(response.status, { message: UNEXPECTED_ERROR }, options.quiet);
  }
  const success = describeSuccess(parsed.data);
  if (success) successToast(success.title, { description: success.message });
  return parsed.data as ResponseBody<R>;
}

/**
 * Calls one route of the API table, e.g. `apiRequest(api.orders.getOrderById, { params: { id } })`.
 * Resolves with the parsed response body (undefined for 204 or a route without one).
 */
export function apiRequest<const R extends ApiRoute>(
  route: R,
  ...[options]: OptionsArgs<R>
): Promise<ResponseBody<R>> {
  return trackRequest(send(route, (options ?? {}) as Partial<ApiRequestOptions<ApiRoute>>));
}

/**
 * How a page's data is asked for: `apiRequest` in the browser; on the server, which renders a
 * visitor's public pages, the same routes answered in process (docs/decisions/0140).
 */
export type Ask = typeof apiRequest;

/**
 * Fetches a file a route answers with (a statement or invoice PDF) with the same headers and
 * error handling as `apiRequest`, and hands it to the browser to save under the server's name.
 */
export function apiDownload<const R extends ApiRoute>(route: R, ...[options]: OptionsArgs<R>): Promise<void> {
  const { params, query, signal, headers: extra } = (options ?? {}) as Partial<ApiRequestOptions<ApiRoute>>;
  return trackRequest(
    (async () => {
      let response: Response;
      try {
        const headers = buildHeaders(route.method, extra);
        headers.set("Accept", "application/pdf, application/problem+json");
        response = await fetch(buildUrl(route, params, query), { method: route.method, headers, signal });
      } catch (error) {
        if (signal?.aborted) throw error;
        return fail(0, describeFailure(0, ""));
      }
      if (!response.ok) return fail(response.status, describeFailure(response.status, await response.text()));
      const blob = await response.blob();
      const disposition = response.headers.get("Content-Disposition") ?? "";
      const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "download.pdf";
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    })(),
  );
}
