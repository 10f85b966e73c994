// Every route of SPEC §2. The login area is code-split (route `lazy`), the order history is
// guarded by a loader, and unknown paths end on /not-found.
import { createBrowserRouter, redirect, type RouteObject } from "react-router";
import { DEFAULT_LANDING, appRoutes } from "@trade-shop/contracts/routes";
import { AddressesPage } from "../features/accounts/addresses-page";
import { CartPage } from "../features/cart/cart-page";
import { ManageImagesPage } from "../features/catalogue/manage-images-page";
import { ProductDetailPage } from "../features/catalogue/product-detail-page";
import { ProductsPage } from "../features/catalogue/products-page";
import { AccessToInformationPage } from "../features/content/access-to-information-page";
import { ContactPage } from "../features/content/contact-page";
import { TermsAndConditionsPage } from "../features/content/terms-and-conditions-page";
import { CheckoutPage } from "../features/orders/checkout-page";
import { OrderDetailsPage } from "../features/orders/order-details-page";
import { OrdersHistoryPage } from "../features/orders/orders-history-page";
import { WishListPage } from "../features/wishlist/wish-list-page";
import { RootLayout } from "./layout/root-layout";
import { prepareScrollRestoration } from "./layout/scroll-on-load";
import { AuthorizationDeniedPage } from "./pages/authorization-denied-page";
import { NotFoundPage } from "./pages/not-found-page";
import { PageLoading } from "./pages/page-loading";
import { RouteErrorPage } from "./pages/route-error-page";
import { UnderConstructionPage } from "./pages/under-construction-page";
import { requireRole, requireValidToken } from "./route-guards";

/**
 * A route that only redirects. Its spinner shows in the moment the target page's code is
 * still loading, e.g. /auth on its way to the lazy login page.
 */
const redirectTo = (to: string): Pick<RouteObject, "loader" | "Component"> => ({
  loader: () => redirect(to),
  Component: PageLoading,
});

// The identity pages load on first use: most visits browse the catalogue without them.
const loginPage = async () => ({ Component: (await import("../features/identity/login-page")).LoginPage });
const forgotPasswordPage = async () => ({
  Component: (await import("../features/identity/forgot-password-page")).ForgotPasswordPage,
});
const resetPasswordPage = async () => ({
  Component: (await import("../features/identity/reset-password-page")).ResetPasswordPage,
});
const registerAccountPage = async () => ({
  Component: (await import("../features/identity/register-account-page")).RegisterAccountPage,
});

// The dashboard's charts (Recharts) are the largest piece of the app: loaded when it opens.
const accountDashboardPage = async () => ({
  Component: (await import("../features/accounts/account-dashboard-page")).AccountDashboardPage,
});

const handOffsPage = async () => ({
  Component: (await import("../features/backoffice/hand-offs-page")).HandOffsPage,
});

// User administration is for Admins only, so its code loads only when one opens it.
const usersPage = async () => ({ Component: (await import("../features/admin/users-page")).UsersPage });
const userCreatePage = async () => ({
  Component: (await import("../features/admin/user-create-page")).UserCreatePage,
});
const userEditPage = async () => ({
  Component: (await import("../features/admin/user-edit-page")).UserEditPage,
});

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
          { path: path(appRoutes.products), Component: ProductsPage },
          { path: `${path(appRoutes.products)}/:skuCode`, Component: ProductDetailPage },
          {
            path: path(appRoutes.ordersHistory),
            loader: requireValidToken,
            children: [
              { index: true, Component: OrdersHistoryPage },
              { path: ":id", Component: OrderDetailsPage },
            ],
          },
          {
            path: "auth",
            children: [
              { index: true, ...redirectTo(appRoutes.auth.login) },
              { path: "login", lazy: loginPage },
              { path: "forgot-password", lazy: forgotPasswordPage },
              { path: "reset-password", lazy: resetPasswordPage },
              { path: "*", ...redirectTo(appRoutes.notFound) },
            ],
          },
          {
            path: "admin/users",
            loader: requireRole("Admin"),
            children: [
              { index: true, lazy: usersPage },
              { path: "new", lazy: userCreatePage },
              { path: ":id", lazy: userEditPage },
            ],
          },
          { path: path(appRoutes.login), lazy: loginPage },
          { path: path(appRoutes.registerAccount), lazy: registerAccountPage },
          { path: path(appRoutes.checkout), Component: CheckoutPage },
          { path: path(appRoutes.wishList), Component: WishListPage },
          { path: path(appRoutes.cart), Component: CartPage },
          { path: path(appRoutes.contact), Component: ContactPage },
          { path: path(appRoutes.accessToInformation), Component: AccessToInformationPage },
          { path: path(appRoutes.termsAndConditions), Component: TermsAndConditionsPage },
          { path: path(appRoutes.addresses), Component: AddressesPage },
          { path: path(appRoutes.accountDashboard), lazy: accountDashboardPage },
          { path: path(appRoutes.underConstruction), Component: UnderConstructionPage },
          // The No Images work list: staff edit there; NoImage holders see it (SPEC §6).
          {
            path: path(appRoutes.manage),
            loader: requireRole("Staff", "Admin", "NoImage"),
            Component: ManageImagesPage,
          },
          { path: path(appRoutes.handOffs), loader: requireRole("Staff", "Admin"), lazy: handOffsPage },
          { path: path(appRoutes.authorizationDenied), Component: AuthorizationDeniedPage },
          { path: path(appRoutes.notFound), Component: NotFoundPage },
          // SPEC §2 "{returnUrl}/{returnUrl}": any other two-segment path opens the login area.
          { path: ":returnUrl/:returnPath", lazy: loginPage },
          { path: "*", ...redirectTo(appRoutes.notFound) },
        ],
      },
    ],
  },
];

// Before the router reads the history entry it starts on (see scroll-on-load).
prepareScrollRestoration();
export const router = createBrowserRouter(routes);
