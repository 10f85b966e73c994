// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the line below is dropped where this file is checked
// @ts-nocheck: ./schema is not in the repository. openapi.api.test.ts writes the types openapi-typescript generates from the served OpenAPI document to ./schema.d.ts in a temporary folder, copies this file beside it without this line, and type-checks the two with tsc.

// A client built on nothing but the OpenAPI document (as another team would build one) making a
// few real calls: the /products page's search by its own query params, placing an order from the
// cart, and reading an order. Every type below comes from the generated ./schema; the calls in
// refusedByTheTypes must stay type errors, so a document that loses its detail (an inlined `{}`,
// a query parameter named `type`) fails the check as surely as one that loses a route.
import type { components, operations, paths } from "./schema";

type Schemas = components["schemas"];
type Method = "get" | "post" | "put" | "delete";

/** The operation at a path and method, as the generated `paths` holds it. */
type OperationAt<P extends keyof paths, M extends Method> = paths[P][M] extends infer O
  ? O extends { responses: unknown }
    ? O
    : never
  : never;
type Json<T> = T extends { content: { "application/json": infer Body } } ? Body : never;
type QueryOf<O> = O extends { parameters: { query?: infer Query } } ? Query : never;
type PathParamsOf<O> = O extends { parameters: { path?: infer Params } } ? Params : never;
type BodyOf<O> = O extends { requestBody?: infer Body } ? Json<NonNullable<Body>> : never;
type AnswerOf<O> = O extends { responses: { 200: infer Answer } } ? Json<Answer> : never;

/** What a call sends: the path parameters, query and body its operation's types ask for. */
type Request<O> = ([PathParamsOf<O>] extends [never | undefined]
  ? { path?: never }
  : { path: PathParamsOf<O> }) &
  ([QueryOf<O>] extends [never | undefined] ? { query?: never } : { query?: QueryOf<O> }) &
  ([BodyOf<O>] extends [never] ? { body?: never } : { body: BodyOf<O> });

/** Who calls: the login's bearer token, its tenant, and the XSRF cookie's value the server set. */
export interface Session {
  base: string;
  token?: string;
  tenantId?: string;
  xsrf?: string;
}

/** One call of the API as the document describes it: its problems (application/problem+json) are thrown. */
export async function call<P extends keyof paths, M extends Method>(
  session: Session,
  method: M,
  path: P,
  request: Request<OperationAt<P, M>>,
): Promise<AnswerOf<OperationAt<P, M>>> {
  const { path: params, query, body } = request as { path?: object; query?: object; body?: unknown };
  const filled = String(path).replace(/\{(\w+)\}/g, (_whole, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown>)[name])),
  );
  const search = new URLSearchParams(
    Object.entries(query ?? {}).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, String(value)]],
    ),
  );
  const headers = new Headers({ accept: "application/json" });
  if (session.token) headers.set("authorization", `Bearer ${session.token}`);
  if (session.tenantId) headers.set("TenantId", session.tenantId);
  if (session.xsrf) {
    headers.set("X-XSRF-TOKEN", session.xsrf);
    headers.set("cookie", `XSRF-TOKEN=${session.xsrf}`);
  }
  if (body !== undefined) headers.set("content-type", "application/json");
  const res = await fetch(`${session.base}${filled}${search.size ? `?${search}` : ""}`, {
    method: method.toUpperCase(),
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw (await res.json()) as Schemas["ProblemDetails"];
  return (await res.json()) as AnswerOf<OperationAt<P, M>>;
}

/** The /products page's search, by the page's own params (GET /api/Product/ProductSearch). */
export async function searchLikeTheProductsPage(session: Session): Promise<string[]> {
  const result = await call(session, "get", "/api/Product/ProductSearch", {
    query: {
      category: "home",
      searchText: "chips",
      exact: "1",
      sort: "price-desc",
      pageSize: "24",
      pageNumber: 2,
    },
  });
  const page: Schemas["ProductSearchResult"] = result;
  const brands: string[] = page.brandResults.map((brand) => brand.name);
  const correctedTo: string | null | undefined = page.correctedSearchText;
  return [...page.skuResults.map((product) => product.skuCode), ...brands, correctedTo ?? ""];
}

/** The create-order command a client builds from the cart it shows (POST /api/Order). */
export function orderFrom(cart: Schemas["Cart"]): Schemas["CreateOrderCommand"] {
  return {
    orderReference: cart.orderReference,
    createdDate: new Date().toISOString(),
    discount: cart.discount,
    applyLiqourCheck: true,
    totalPriceExcl: cart.totalPriceExcl,
    totalPriceIncl: cart.totalPriceIncl,
    orderLines: cart.cartItems.map((item) => ({
      productId: item.productId,
      quantity: item.quantity,
      dealReference: item.dealReference,
      unitPriceExcl: item.unitPriceExcl,
      totalPriceExcl: item.totalPriceExcl,
      totalPriceIncl: item.totalPriceIncl,
    })),
    // The document gives both a default; openapi-typescript (as configured by default) still asks for them.
    homeDelivery: false,
    creditcheck_override: false,
    payOverCredit: false,
  };
}

/** Places the caller's cart as an order, then reads the order back by its id. */
export async function placeAndReadBack(session: Session): Promise<Schemas["OrderStatus"]> {
  const cart = await call(session, "get", "/api/Cart/GetUserCart", {});
  const placed: Schemas["Order"] = await call(session, "post", "/api/Order", { body: orderFrom(cart) });
  const again = await call(session, "get", "/api/Order/GetOrderById/{id}", { path: { id: placed.id } });
  const total: number = again.totalPriceIncl;
  const skus: string[] = again.orderLines.map((line) => line.productId);
  if (total < 0 || skus.length === 0) throw new Error("an order has lines and a total");
  return again.currentPastelStatus;
}

/** A refusal's code, as the document lists the problems of placing an order. */
export function whyRefused(
  problem: operations["ordersCreate"]["responses"][409]["content"]["application/problem+json"],
) {
  const code: Schemas["ProblemCode"] = problem.code;
  return code === "stock_short" || code === "prices_changed" ? "look at the cart again" : problem.detail;
}

/** The operations these calls rely on, by the operationIds the route keys give them. */
export const OPERATIONS: (keyof operations)[] = [
  "productsSearchPage",
  "ordersCreate",
  "ordersGetById",
  "cartGetUserCart",
];

/** What the generated types must refuse. */
export function refusedByTheTypes(session: Session, cart: Schemas["Cart"]) {
  // @ts-expect-error -- "cheapest" is not one of the page's sorts
  void call(session, "get", "/api/Product/ProductSearch", { query: { sort: "cheapest" } });
  // @ts-expect-error -- pageSize is one of 12, 24 and 48
  void call(session, "get", "/api/Product/ProductSearch", { query: { pageSize: "25" } });
  // @ts-expect-error -- an order without its lines is not a create-order command
  void call(session, "post", "/api/Order", { body: { ...orderFrom(cart), orderLines: undefined } });
  // @ts-expect-error -- the order's total is a number
  void call(session, "post", "/api/Order", { body: { ...orderFrom(cart), totalPriceIncl: "12.50" } });
  // @ts-expect-error -- reading an order needs its id
  void call(session, "get", "/api/Order/GetOrderById/{id}", {});
  // @ts-expect-error -- there is no such route
  void call(session, "get", "/api/Order/Everything", {});
  void call(session, "get", "/api/Order/GetOrderById/{id}", { path: { id: 1 } }).then((order) => {
    // @ts-expect-error -- an order has no such field
    return order.secretDiscount;
  });
  // @ts-expect-error -- not a problem code of the API
  const code: Schemas["ProblemCode"] = "teapot";
  return code;
}
