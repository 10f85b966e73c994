// The HTTP API of SPEC §7 as one table: the server registers its routes from it and the web
// client calls through it, so a path, a payload or a role rule is written down exactly once.
import { z } from "zod";
import { IdParam, SuccessEnvelope } from "./common";
import type { RoleName } from "./common";
import type { ProblemCode } from "./problems";
import { CreditDetails, CustomerAddress, CustomerDetails } from "./accounts";
import { AddItemCommand, Cart, CartAfterAdd, RemoveCartItemCommand } from "./cart";
import {
  AssignCoverImageCommand,
  GetProductBySkuCodeRequest,
  Product,
  ProductSearchRequest,
  ProductSearchResult,
  UpdateDescriptionCommand,
  UploadProductImagesCommand,
} from "./catalogue";
import { BackOfficeStatusCallback, HandOff, HandOffQuery } from "./backoffice";
import { UserEnquiry } from "./content";
import { Health, Liveness, Readiness } from "./health";
import {
  CreateUserPayload,
  DirectoryUser,
  DirectoryUserSearchQuery,
  LoginRequest,
  LoginResult,
  OtpDetailsRequest,
  OtpDetailsResult,
  PasswordReset,
  PasswordResetRequest,
  PasswordResetResult,
  PreRegistrationRequest,
  PreRegistrationResult,
  RegisterExternalUserPayload,
  RoleSummary,
  UpdateUserPayload,
  User,
} from "./identity";
import { CreateOrderCommand, Order, OrderHistory, OrderHistoryQuery } from "./orders";
import { RealtimeStreamQuery, RealtimeTicket } from "./realtime";
import { OrdersByStatus, SpendPerMonth, TopProducts, TopProductsQuery } from "./reports";
import { RemoveWishlistItemCommand, Wishlist } from "./wishlist";

export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Fastify syntax: `:name` marks a path parameter. */
  path: string;
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The 2xx body; error bodies are always ProblemDetails. */
  response?: z.ZodType;
  /** Whether a valid bearer token is required. */
  auth: boolean;
  /** Any one of these roles passes; absent means any logged-in user (when `auth`). */
  roles?: readonly RoleName[];
  /**
   * The refusals particular to this route, beside those every route of its kind can give
   * (validation; for `auth` routes unauthenticated, session_revoked, tenant_forbidden, and
   * forbidden with `roles`; database_unavailable unless `usesDatabase` is false). The OpenAPI
   * document lists them under their statuses.
   */
  problems?: readonly ProblemCode[];
  /** False for the one route that answers without the database (liveness); every other can answer database_unavailable. */
  usesDatabase?: false;
  summary: string;
  /** Groups the route in the OpenAPI document. */
  tag: string;
}

/** Names of the headers and cookie every request deals with (DESIGN §3). */
export const TENANT_HEADER = "TenantId";
/** A Rep's customer account to shop as, by account number (decision 127). */
export const ACTING_FOR_HEADER = "X-Acting-For";
export const XSRF_HEADER = "X-XSRF-TOKEN";
export const XSRF_COOKIE = "XSRF-TOKEN";

// `const` keeps each route's literal path and exact schema types, so handlers and the client
// can infer their body and response types from the table.
function route<const R extends ApiRoute>(r: R): R {
  return r;
}

const STAFF = ["Staff", "Admin"] as const satisfies readonly RoleName[];
const ADMIN = ["Admin"] as const satisfies readonly RoleName[];

const UserIdParams = z.object({ id: IdParam });
const UserRolesParams = z.object({ userId: IdParam });
const OrderIdParams = z.object({ id: IdParam });
const HandOffParams = z.object({ id: IdParam });

export const api = {
  cart: {
    addItem: route({
      method: "POST",
      path: "/api/Cart/AdditemToCart",
      body: AddItemCommand,
      response: CartAfterAdd,
      auth: true,
      problems: [
        "not_a_customer",
        "not_found",
        "liquor_not_allowed",
        "liquor_licence_expired",
        "stock_short",
      ],
      summary:
        "Add packs of a SKU to the user's cart, no more than the customer's warehouse holds, and return the re-priced cart with what was added",
      tag: "Cart",
    }),
    getUserCart: route({
      method: "GET",
      path: "/api/Cart/GetUserCart",
      response: Cart,
      auth: true,
      problems: ["not_a_customer"],
      summary: "The user's cart, priced now",
      tag: "Cart",
    }),
    removeItem: route({
      method: "POST",
      path: "/api/Cart/RemoveItemFromCart",
      body: RemoveCartItemCommand,
      response: Cart,
      auth: true,
      problems: ["not_a_customer", "not_found"],
      summary: "Take packs off a cart line, or drop the line",
      tag: "Cart",
    }),
    // SPEC does not show the answer; an envelope lets the client toast and then reload the cart.
    clear: route({
      method: "POST",
      path: "/api/Cart/ClearUserCart",
      response: SuccessEnvelope,
      auth: true,
      problems: ["not_a_customer"],
      summary: "Empty the user's cart",
      tag: "Cart",
    }),
  },
  wishlist: {
    addItem: route({
      method: "POST",
      path: "/api/Wishlist/AdditemToWishlist",
      body: AddItemCommand,
      response: Wishlist,
      auth: true,
      problems: ["not_a_customer", "not_found", "liquor_not_allowed", "liquor_licence_expired"],
      summary: "Add a SKU to the user's wishlist",
      tag: "Wishlist",
    }),
    getUserWishlist: route({
      method: "GET",
      path: "/api/Wishlist/GetUserWishlist",
      response: Wishlist,
      auth: true,
      problems: ["not_a_customer"],
      summary: "The user's wishlist",
      tag: "Wishlist",
    }),
    removeItem: route({
      method: "POST",
      path: "/api/Wishlist/RemoveItemFromWishlist",
      body: RemoveWishlistItemCommand,
      response: Wishlist,
      auth: true,
      problems: ["not_a_customer", "not_found"],
      summary: "Remove a SKU from the user's wishlist",
      tag: "Wishlist",
    }),
    // Same answer as clearing the cart, so both lists behave alike in the client.
    clear: route({
      method: "POST",
      path: "/api/Wishlist/ClearUserWishlist",
      response: SuccessEnvelope,
      auth: true,
      problems: ["not_a_customer"],
      summary: "Empty the user's wishlist",
      tag: "Wishlist",
    }),
  },
  orders: {
    create: route({
      method: "POST",
      path: "/api/Order",
      body: CreateOrderCommand,
      response: Order,
      auth: true,
      problems: [
        "not_a_customer",
        "not_found",
        "cart_changed",
        "cart_empty",
        "product_unavailable",
        "prices_changed",
        "liquor_not_allowed",
        "liquor_licence_expired",
        "credit_exceeded",
        "stock_short",
        "viewer_cannot_order",
      ],
      summary:
        "Place the cart as an order (over the buyer's limit it awaits the owner's approval); repeating an orderReference returns the first order",
      tag: "Orders",
    }),
    history: route({
      method: "GET",
      path: "/api/Order",
      query: OrderHistoryQuery,
      response: OrderHistory,
      auth: true,
      problems: ["not_a_customer"],
      summary:
        "The customer's orders, newest first, without their lines; optionally found by number, reference or product, status and dates",
      tag: "Orders",
    }),
    getById: route({
      method: "GET",
      path: "/api/Order/GetOrderById/:id",
      params: OrderIdParams,
      response: Order,
      auth: true,
      problems: ["not_a_customer", "not_found"],
      summary: "One of the customer's orders with its lines",
      tag: "Orders",
    }),
  },
  products: {
    getProducts: route({
      method: "POST",
      path: "/api/Product/GetProducts",
      body: ProductSearchRequest,
      response: ProductSearchResult,
      auth: false,
      summary: "Search the catalogue",
      tag: "Products",
    }),
    getBySkuCode: route({
      method: "POST",
      path: "/api/Product/GetProductBySkuCode",
      body: GetProductBySkuCodeRequest,
      response: Product,
      auth: false,
      problems: ["not_found"],
      summary: "One product by its SKU code",
      tag: "Products",
    }),
    // The upload and cover answers are envelopes: SPEC's success messages are what they carry.
    uploadImages: route({
      method: "POST",
      path: "/api/Product/UploadProductImages",
      body: UploadProductImagesCommand,
      response: SuccessEnvelope,
      auth: true,
      roles: STAFF,
      problems: ["not_found"],
      summary: "Add images to a product",
      tag: "Products",
    }),
    assignCoverImage: route({
      method: "POST",
      path: "/api/Product/AssignCoverImage",
      body: AssignCoverImageCommand,
      response: SuccessEnvelope,
      auth: true,
      roles: STAFF,
      problems: ["not_found"],
      summary: "Choose which of a product's images is its cover",
      tag: "Products",
    }),
    updateDescription: route({
      method: "POST",
      path: "/api/Product/UpdateDescription",
      body: UpdateDescriptionCommand,
      response: Product,
      auth: true,
      roles: STAFF,
      problems: ["not_found"],
      summary: "Change a product's description",
      tag: "Products",
    }),
    search: route({
      method: "POST",
      path: "/api/Product/ProductSearch",
      body: ProductSearchRequest,
      response: ProductSearchResult,
      auth: false,
      summary: "Search the catalogue (the catalogue screen's call)",
      tag: "Products",
    }),
  },
  users: {
    authenticate: route({
      method: "POST",
      path: "/api/Users/Authenticate",
      body: LoginRequest,
      response: LoginResult,
      auth: false,
      problems: [
        "bad_credentials",
        "account_locked",
        "account_disabled",
        "password_change_required",
        "rate_limited",
        "service_unavailable",
      ],
      summary: "Log in with a username and password",
      tag: "Users",
    }),
    authenticateUsingEmail: route({
      method: "POST",
      path: "/api/Users/AuthenticateUsingEmail",
      body: LoginRequest,
      response: LoginResult,
      auth: false,
      problems: [
        "bad_credentials",
        "account_locked",
        "account_disabled",
        "password_change_required",
        "rate_limited",
        "service_unavailable",
      ],
      summary: "Log in with an e-mail address (in username) and password",
      tag: "Users",
    }),
    create: route({
      method: "POST",
      path: "/api/Users",
      body: CreateUserPayload,
      response: User,
      auth: true,
      roles: ADMIN,
      problems: ["username_taken", "email_taken", "account_has_user", "duplicate_user"],
      summary: "Create a user",
      tag: "Users",
    }),
    update: route({
      method: "PUT",
      path: "/api/Users",
      body: UpdateUserPayload,
      response: User,
      auth: true,
      roles: ADMIN,
      problems: [
        "not_found",
        "username_taken",
        "email_taken",
        "account_has_user",
        "duplicate_user",
        "own_account",
        "last_admin",
      ],
      summary: "Change a user",
      tag: "Users",
    }),
    list: route({
      method: "GET",
      path: "/api/Users",
      response: z.array(User),
      auth: true,
      roles: ADMIN,
      summary: "All users of the caller's tenants",
      tag: "Users",
    }),
    getById: route({
      method: "GET",
      path: "/api/Users/:id",
      params: UserIdParams,
      response: User,
      auth: true,
      roles: ADMIN,
      problems: ["not_found"],
      summary: "One user",
      tag: "Users",
    }),
    // SPEC's "file-style response" carries nothing a browser needs; an envelope gives the toast.
    enable: route({
      method: "PUT",
      path: "/api/Users/:id/Enable",
      params: UserIdParams,
      response: SuccessEnvelope,
      auth: true,
      roles: ADMIN,
      problems: ["not_found"],
      summary: "Let a user log in again",
      tag: "Users",
    }),
    disable: route({
      method: "PUT",
      path: "/api/Users/:id/Disable",
      params: UserIdParams,
      response: SuccessEnvelope,
      auth: true,
      roles: ADMIN,
      problems: ["not_found", "own_account", "last_admin"],
      summary: "Stop a user from logging in",
      tag: "Users",
    }),
    searchDirectoryUsers: route({
      method: "GET",
      path: "/api/Users/SearchActiveDirectoryUsers",
      query: DirectoryUserSearchQuery,
      response: z.array(DirectoryUser),
      auth: true,
      roles: ADMIN,
      problems: ["service_unavailable"],
      summary: "Find directory users by part of their username",
      tag: "Users",
    }),
    roles: route({
      method: "GET",
      path: "/api/Users/:userId/Roles",
      params: UserRolesParams,
      response: z.array(RoleSummary),
      auth: true,
      roles: ADMIN,
      problems: ["not_found"],
      summary: "The roles a user holds",
      tag: "Users",
    }),
    resetPassword: route({
      method: "POST",
      path: "/api/Users/ResetPassword",
      body: PasswordReset,
      response: PasswordResetResult,
      auth: false,
      problems: ["rate_limited"],
      summary: "Set a new password with the token from a reset link",
      tag: "Users",
    }),
    requestPasswordReset: route({
      method: "POST",
      path: "/api/Users/RequestPasswordReset",
      body: PasswordResetRequest,
      response: PasswordResetRequest,
      auth: false,
      problems: ["rate_limited", "service_unavailable"],
      summary: "E-mail a reset link; answers alike whether or not the address is known",
      tag: "Users",
    }),
    getOtpDetails: route({
      method: "POST",
      path: "/api/Users/GetUserOtpDetails",
      body: OtpDetailsRequest,
      response: OtpDetailsResult,
      auth: false,
      problems: ["not_found", "tenant_required", "rate_limited"],
      summary: "Where a registration PIN can be sent for a customer account",
      tag: "Users",
    }),
    getCustomerDetails: route({
      method: "POST",
      path: "/api/Users/GetCustomerDetails",
      response: CustomerDetails,
      auth: true,
      problems: ["not_found"],
      summary: "The logged-in user's customer account",
      tag: "Users",
    }),
    getCustomerAddresses: route({
      method: "GET",
      path: "/api/Users/GetCustomerAddresses",
      response: z.array(CustomerAddress),
      auth: true,
      problems: ["not_found"],
      summary: "The logged-in customer's delivery addresses, the default first",
      tag: "Users",
    }),
    preRegister: route({
      method: "POST",
      path: "/api/Users/PreRegisterUser",
      body: PreRegistrationRequest,
      response: PreRegistrationResult,
      auth: false,
      problems: ["not_found", "account_has_user", "tenant_required", "rate_limited", "service_unavailable"],
      summary: "Send a registration PIN by SMS or e-mail",
      tag: "Users",
    }),
    registerExternalUser: route({
      method: "POST",
      path: "/api/Users/RegisterExternalUser",
      body: RegisterExternalUserPayload,
      response: User,
      auth: false,
      problems: ["email_taken", "account_has_user", "rate_limited"],
      summary: "Register a customer user with the PIN that was sent",
      tag: "Users",
    }),
    enquiry: route({
      method: "POST",
      path: "/api/Users/UserEnquiry",
      body: UserEnquiry,
      response: SuccessEnvelope,
      auth: false,
      problems: ["rate_limited", "service_unavailable"],
      summary: "Send a message from the contact form",
      tag: "Users",
    }),
    getCreditDetails: route({
      method: "POST",
      path: "/api/Users/GetCreditDetails",
      response: CreditDetails,
      auth: true,
      problems: ["not_found"],
      summary: "The logged-in customer's credit limit and what remains of it",
      tag: "Users",
    }),
  },
  backOffice: {
    handOffs: route({
      method: "GET",
      path: "/api/BackOffice/HandOffs",
      query: HandOffQuery,
      response: z.array(HandOff),
      auth: true,
      roles: STAFF,
      summary:
        "The tenant's order hand-offs to the back office: pending, retrying and parked ones with their errors",
      tag: "BackOffice",
    }),
    retryHandOff: route({
      method: "POST",
      path: "/api/BackOffice/HandOffs/:id/Retry",
      params: HandOffParams,
      response: HandOff,
      auth: true,
      roles: STAFF,
      problems: ["not_found", "hand_off_not_parked"],
      summary: "Queue a parked hand-off again",
      tag: "BackOffice",
    }),
    // Called by the back office, not the web app: signed (HMAC) instead of a login and XSRF token.
    statusCallback: route({
      method: "POST",
      path: "/api/BackOffice/StatusCallback",
      body: BackOfficeStatusCallback,
      response: SuccessEnvelope,
      auth: false,
      problems: ["not_found", "status_not_allowed", "service_unavailable"],
      summary: "The back office reports an order's new status (signed, see contracts/backoffice.ts)",
      tag: "BackOffice",
    }),
  },
  reports: {
    spendPerMonth: route({
      method: "GET",
      path: "/api/Reports/SpendPerMonth",
      response: SpendPerMonth,
      auth: true,
      problems: ["not_a_customer"],
      summary: "The customer's spend per month over the last 12 months",
      tag: "Reports",
    }),
    topProducts: route({
      method: "GET",
      path: "/api/Reports/TopProducts",
      query: TopProductsQuery,
      response: TopProducts,
      auth: true,
      problems: ["not_a_customer"],
      summary: "The customer's most bought products over the last 12 months, by spend or by quantity",
      tag: "Reports",
    }),
    ordersByStatus: route({
      method: "GET",
      path: "/api/Reports/OrdersByStatus",
      response: OrdersByStatus,
      auth: true,
      problems: ["not_a_customer"],
      summary: "The customer's orders of the last 12 months per back-office status",
      tag: "Reports",
    }),
  },
  realtime: {
    ticket: route({
      method: "POST",
      path: "/api/Realtime/Ticket",
      response: RealtimeTicket,
      auth: true,
      summary: "A single-use ticket that opens the real-time stream",
      tag: "Realtime",
    }),
    // text/event-stream, not JSON: events and their data are in contracts/realtime.ts.
    stream: route({
      method: "GET",
      path: "/api/Realtime/Stream",
      query: RealtimeStreamQuery,
      auth: false,
      problems: ["unauthenticated", "session_revoked", "tenant_forbidden"],
      summary: "Server-Sent Events for the ticket's user: order status, cart, wishlist, balance and credit",
      tag: "Realtime",
    }),
  },
  health: {
    check: route({
      method: "GET",
      path: "/api/health",
      response: Health,
      auth: false,
      summary:
        "Database kind and catalogue size; 503 database_unavailable when the database cannot be reached",
      tag: "Health",
    }),
    live: route({
      method: "GET",
      path: "/api/health/live",
      response: Liveness,
      auth: false,
      usesDatabase: false,
      summary: "Liveness: the process answers (no database involved)",
      tag: "Health",
    }),
    ready: route({
      method: "GET",
      path: "/api/health/ready",
      response: Readiness,
      auth: false,
      summary:
        "Readiness for a load balancer: database reachable, migrations done, outbox worker running, not draining",
      tag: "Health",
      problems: ["service_unavailable"],
    }),
  },
} as const satisfies Record<string, Record<string, ApiRoute>>;

/** What the client sends as a route's body (before defaults are applied). */
export type RequestBody<R extends ApiRoute> = R["body"] extends z.ZodType ? z.input<R["body"]> : undefined;

/** What the server answers on success (the parsed, defaulted form). */
export type ResponseBody<R extends ApiRoute> = R["response"] extends z.ZodType
  ? z.output<R["response"]>
  : undefined;

type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a route's `:name` segments. */
export type PathParams<P extends string> = Record<PathParamName<P>, string | number>;

type PathParamsArgs<P extends string> = string extends P
  ? [params?: Record<string, string | number>]
  : [PathParamName<P>] extends [never]
    ? []
    : [params: PathParams<P>];

/** Fills a route's `:name` segments, URL-encoding each value. */
export function buildPath<R extends ApiRoute>(route: R, ...[params]: PathParamsArgs<R["path"]>): string {
  const values: Record<string, string | number> = params ?? {};
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_segment, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(`The parameter '${name}' must be defined.`);
    }
    return encodeURIComponent(String(value));
  });
}
