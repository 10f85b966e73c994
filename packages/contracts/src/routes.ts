// The web app's own URLs (docs/screens.md), kept here so links, redirects and the server's
// history-API fallback agree, plus how the products URL maps onto a catalogue search.
import { z } from "zod";
import type { ProductSearchRequest } from "./catalogue";

export const appRoutes = {
  products: "/products",
  featured: "/featured",
  login: "/login",
  registerAccount: "/register-account",
  ordersHistory: "/orders-history",
  orderDetails: "/orders-history/:id",
  checkout: "/checkout",
  wishList: "/wish-list",
  cart: "/cart",
  contact: "/contact",
  accessToInformation: "/access-to-information",
  termsAndConditions: "/terms-and-conditions",
  addresses: "/addresses",
  accountDashboard: "/account-dashboard",
  notFound: "/not-found",
  authorizationDenied: "/authorization-denied",
  underConstruction: "/under-construction",
  /** The No Images work list. */
  manage: "/manage",
  /** Staff: the search's synonym groups and the searches that found nothing. */
  manageSearch: "/manage/search",
  /** Customers: paste, upload or scan many lines and add them to the cart at once. */
  quickOrder: "/quick-order",
  /** Customers: the account's named order lists. */
  orderLists: "/order-lists",
  /** Customers: the account's monthly statements and ageing. */
  statements: "/statements",
  /** Account owners: the account's buyers and viewers, invitations and order limits. */
  buyers: "/buyers",
  /** Account owners: the orders over a buyer's limit that wait for their approval. */
  approvals: "/approvals",
  /** Someone invited to a customer account chooses their password here (the e-mailed link). */
  invitation: "/invitation",
  /** Sales reps: the customer accounts they may order for, to choose one (decision 127). */
  repAccounts: "/rep-accounts",
  /** Staff: orders on their way to the back office, with the ones that failed. */
  handOffs: "/hand-offs",
  /** Staff: the proofs of EFT payments customers sent, to match onto the ledger or reject. */
  paymentProofs: "/payment-proofs",
  /** Customers: the user's alerts and how each kind is told (issue 36). */
  alerts: "/alerts",
  /** Customers: a payment made online, as PayFast sends the payer back to it (docs/payments.md). */
  payment: "/payments/:reference",
  /** Visitors: apply for a customer account (docs/applications.md). */
  apply: "/apply",
  /** Applicants: where their application stands, by the secret link they were given. */
  applyStatus: "/apply/status",
  /** Staff: the account applications to review. */
  applications: "/applications",
  auth: {
    login: "/auth/login",
    forgotPassword: "/auth/forgot-password",
    resetPassword: "/auth/reset-password",
  },
} as const;

/** Where the empty path and a placed order land. */
export const DEFAULT_LANDING = "/products?category=home";

/** The query of /products as the header, breadcrumb and search box write it. */
export const ProductsRouteQuery = z.object({
  category: z.string().optional(),
  subCategory: z.string().optional(),
  subCategory3: z.string().optional(),
  subCategory4: z.string().optional(),
  brand: z.string().optional(),
  // A hand-edited URL with a bad page number shows page 1 rather than an error.
  pageNumber: z.coerce.number<string>().int().min(1).catch(1),
  searchText: z.string().optional(),
  /** "1": the words as typed, without correcting misspelt ones ("search instead for …"). */
  exact: z.literal("1").optional().catch(undefined),
});
export type ProductsRouteQuery = z.infer<typeof ProductsRouteQuery>;

/**
 * docs/rules.md: category=home means no category filter and category=featured means featured
 * products only; the deeper levels shift by one name between the URL and the request.
 */
export function productSearchFromRoute(
  query: ProductsRouteQuery,
): Pick<
  ProductSearchRequest,
  | "pageNumber"
  | "categoryFilter"
  | "subCategory1Filter"
  | "subCategory2Filter"
  | "subCategory3Filter"
  | "brandFilter"
  | "descriptionFilter"
  | "featuredProductsOnly"
  | "searchExactly"
> {
  const category = query.category === "home" || query.category === "featured" ? undefined : query.category;
  return {
    pageNumber: query.pageNumber,
    categoryFilter: category ?? null,
    subCategory1Filter: query.subCategory ?? null,
    subCategory2Filter: query.subCategory3 ?? null,
    subCategory3Filter: query.subCategory4 ?? null,
    brandFilter: query.brand ?? null,
    descriptionFilter: query.searchText ?? null,
    featuredProductsOnly: query.category === "featured",
    ...(query.exact === "1" && query.searchText ? { searchExactly: true } : {}),
  };
}
