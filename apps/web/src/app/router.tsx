// Every route of docs/screens.md. Only the product list and the shell's own pages are in the first
// download (a product's page comes with the first product opened, or before a product page
// the server rendered is hydrated); every other page loads its code on first use
// (route `lazy`), so a phone opening the shop fetches and parses no cart, checkout, account,
// login or admin code it has not asked for. The order history is guarded by a
// loader, and unknown paths end on /not-found.
//
// The public pages (the catalogue and the content pages, marked `serverRendered`) are rendered by
// the server from this same table for a visitor, and hydrated here (docs/decisions/0140).
import type { ComponentType } from "react";
import {
  createBrowserRouter,
  matchRoutes,
  redirect,
  type HydrationState,
  type RouteObject,
} from "react-router";
import { DEFAULT_LANDING, appRoutes } from "@trade-shop/contracts/routes";
import { ProductsPage } from "@/features/catalogue/products-page";
import { RootLayout } from "./layout/root-layout";
import { prepareScrollRestoration } from "./layout/scroll-on-load";
import { AuthorizationDeniedPage } from "./pages/authorization-denied-page";
import { NotFoundPage } from "./pages/not-found-page";
import { PageLoading } from "./pages/page-loading";
import { RouteErrorPage } from "./pages/route-error-page";
import { UnderConstructionPage } from "./pages/under-construction-page";
import { requireRole, requireValidToken } from "./route-guards";

/** What a route's `handle` says of it. */
export interface RouteHandle {
  /** A public page the server renders for a visitor, with its data (docs/decisions/0140). */
  serverRendered?: true;
}

/**
 * A route that only redirects. Its spinner shows in the moment the target page's code is
 * still loading, e.g. /auth on its way to the lazy login page.
 */
const redirectTo = (to: string): Pick<RouteObject, "loader" | "Component" | "handle"> => ({
  loader: () => redirect(to),
  Component: PageLoading,
  // The server answers such an address with the redirect itself.
  handle: { serverRendered: true } satisfies RouteHandle,
});

/** A page whose code loads when it is first opened: `lazy(() => import("…"), "ExportName")`. */
function lazy<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: (await load())[name] }) };
}

const loginPage = lazy(() => import("@/features/identity/login-page"), "LoginPage");

const serverRendered: Pick<RouteObject, "handle"> = {
  handle: { serverRendered: true } satisfies RouteHandle,
};

const path = (route: string) => route.replace(/^\//, "");

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // Routes that load code or check the session first show a spinner inside the page frame.
        HydrateFallback: PageLoading,
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, ...redirectTo(DEFAULT_LANDING) },
          { path: path(appRoutes.featured), ...redirectTo(`${appRoutes.products}?category=featured`) },
          { path: path(appRoutes.products), Component: ProductsPage, ...serverRendered },
          {
            path: `${path(appRoutes.products)}/:skuCode`,
            ...lazy(() => import("@/features/catalogue/product-detail-page"), "ProductDetailPage"),
            ...serverRendered,
          },
          {
            path: path(appRoutes.ordersHistory),
            loader: requireValidToken,
            children: [
              {
                index: true,
                ...lazy(() => import("@/features/orders/orders-history-page"), "OrdersHistoryPage"),
              },
              {
                path: ":id",
                ...lazy(() => import("@/features/orders/order-details-page"), "OrderDetailsPage"),
              },
            ],
          },
          {
            path: "auth",
            children: [
              { index: true, ...redirectTo(appRoutes.auth.login) },
              { path: "login", ...loginPage },
              {
                path: "forgot-password",
                ...lazy(() => import("@/features/identity/forgot-password-page"), "ForgotPasswordPage"),
              },
              {
                path: "reset-password",
                ...lazy(() => import("@/features/identity/reset-password-page"), "ResetPasswordPage"),
              },
              { path: "*", ...redirectTo(appRoutes.notFound) },
            ],
          },
          {
            path: "admin/users",
            loader: requireRole("Admin"),
            children: [
              { index: true, ...lazy(() => import("@/features/admin/users-page"), "UsersPage") },
              { path: "new", ...lazy(() => import("@/features/admin/user-create-page"), "UserCreatePage") },
              { path: ":id", ...lazy(() => import("@/features/admin/user-edit-page"), "UserEditPage") },
            ],
          },
          { path: path(appRoutes.login), ...loginPage },
          {
            path: path(appRoutes.registerAccount),
            ...lazy(() => import("@/features/identity/register-account-page"), "RegisterAccountPage"),
          },
          {
            path: path(appRoutes.apply),
            ...lazy(() => import("@/features/applications/apply-page"), "ApplyPage"),
          },
          {
            path: path(appRoutes.applyStatus),
            ...lazy(() => import("@/features/applications/application-status-page"), "ApplicationStatusPage"),
          },
          {
            path: path(appRoutes.checkout),
            ...lazy(() => import("@/features/orders/checkout-page"), "CheckoutPage"),
          },
          {
            path: path(appRoutes.wishList),
            ...lazy(() => import("@/features/cart/wish-list-page"), "WishListPage"),
          },
          { path: path(appRoutes.cart), ...lazy(() => import("@/features/cart/cart-page"), "CartPage") },
          {
            path: path(appRoutes.orderLists),
            ...lazy(() => import("@/features/order-lists/order-lists-page"), "OrderListsPage"),
          },
          {
            path: path(appRoutes.quickOrder),
            ...lazy(() => import("@/features/quick-order/quick-order-page"), "QuickOrderPage"),
          },
          {
            path: path(appRoutes.contact),
            ...lazy(() => import("@/features/content/contact-page"), "ContactPage"),
            ...serverRendered,
          },
          {
            path: path(appRoutes.accessToInformation),
            ...lazy(() => import("@/features/content/access-to-information-page"), "AccessToInformationPage"),
            ...serverRendered,
          },
          {
            path: path(appRoutes.termsAndConditions),
            ...lazy(() => import("@/features/content/terms-and-conditions-page"), "TermsAndConditionsPage"),
            ...serverRendered,
          },
          {
            path: path(appRoutes.addresses),
            ...lazy(() => import("@/features/accounts/addresses-page"), "AddressesPage"),
          },
          {
            path: path(appRoutes.statements),
            ...lazy(() => import("@/features/accounts/statements-page"), "StatementsPage"),
          },
          {
            path: path(appRoutes.buyers),
            loader: requireValidToken,
            ...lazy(() => import("@/features/accounts/buyers-page"), "BuyersPage"),
          },
          {
            path: path(appRoutes.approvals),
            loader: requireValidToken,
            ...lazy(() => import("@/features/orders/approvals-page"), "ApprovalsPage"),
          },
          {
            path: path(appRoutes.invitation),
            ...lazy(() => import("@/features/identity/invitation-page"), "InvitationPage"),
          },
          {
            path: path(appRoutes.repAccounts),
            loader: requireRole("Rep"),
            ...lazy(() => import("@/features/reps/rep-accounts-page"), "RepAccountsPage"),
          },
          {
            path: path(appRoutes.accountDashboard),
            // Recharts, the largest piece of the app, comes with it.
            ...lazy(() => import("@/features/accounts/account-dashboard-page"), "AccountDashboardPage"),
          },
          { path: path(appRoutes.underConstruction), Component: UnderConstructionPage, ...serverRendered },
          // The No Images work list: staff edit there; NoImage holders see it (docs/product.md).
          {
            path: path(appRoutes.manage),
            loader: requireRole("Staff", "Admin", "NoImage"),
            ...lazy(() => import("@/features/catalogue/manage-images-page"), "ManageImagesPage"),
          },
          {
            path: path(appRoutes.manageSearch),
            loader: requireRole("Staff", "Admin"),
            ...lazy(() => import("@/features/search-words/search-words-page"), "SearchWordsPage"),
          },
          {
            path: path(appRoutes.alerts),
            loader: requireValidToken,
            ...lazy(() => import("@/features/alerts/alerts-page"), "AlertsPage"),
          },
          {
            path: path(appRoutes.payment),
            loader: requireValidToken,
            ...lazy(() => import("@/features/accounts/payment-page"), "PaymentPage"),
          },
          {
            path: path(appRoutes.handOffs),
            loader: requireRole("Staff", "Admin"),
            ...lazy(() => import("@/features/backoffice/hand-offs-page"), "HandOffsPage"),
          },
          {
            path: path(appRoutes.paymentProofs),
            loader: requireRole("Staff", "Admin"),
            ...lazy(() => import("@/features/payments/payment-proofs-page"), "PaymentProofsPage"),
          },
          {
            path: path(appRoutes.applications),
            loader: requireRole("Staff", "Admin"),
            ...lazy(() => import("@/features/applications/applications-page"), "ApplicationsPage"),
          },
          {
            path: path(appRoutes.authorizationDenied),
            Component: AuthorizationDeniedPage,
            ...serverRendered,
          },
          { path: path(appRoutes.notFound), Component: NotFoundPage, ...serverRendered },
          // docs/screens.md "{returnUrl}/{returnUrl}": any other two-segment path opens the login area.
          { path: ":returnUrl/:returnPath", ...loginPage },
          { path: "*", ...redirectTo(appRoutes.notFound) },
        ],
      },
    ],
  },
];

/** The deepest route `pathname` matches, when it is a page the server renders for a visitor. */
export function isServerRendered(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  const handle = matches?.at(-1)?.route.handle as RouteHandle | undefined;
  return handle?.serverRendered === true;
}

/**
 * The browser's router. A page the server rendered is hydrated with its routes' code already here:
 * a lazily loaded page's code is fetched first, so the first render matches the server's HTML.
 */
export async function createAppRouter(hydrationData?: HydrationState) {
  if (hydrationData) {
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  // Before the router reads the history entry it starts on (see scroll-on-load).
  prepareScrollRestoration();
  return createBrowserRouter(routes, { hydrationData });
}
