// The page frame around every route: skip link, browser notice, header (with the progress bar),
// breadcrumb, main content, footer and back-to-top, plus scroll restoration between pages.
import { Suspense } from "react";
import { Navigate, Outlet, ScrollRestoration, useLocation } from "react-router";
import { useSession } from "@/lib/session";
import { useShopper } from "@/entities/shopper";
import { preloadable } from "@/lib/ui/preloadable";
import { BackToTop } from "./back-to-top";
import { Breadcrumb } from "./breadcrumb";
import { BrowserNotice } from "./browser-notice";
import { Footer } from "./footer";
import { Header } from "./header";
import { OfflineNotice } from "./offline-notice";
import { UpdatePrompt } from "./app-updates";
import { SCROLL_POSITIONS_KEY } from "./scroll-on-load";

/** A customer's liquor licence reminder: its code comes with the login. */
export const licenceNotice = preloadable(() =>
  import("./licence-notice").then((module) => module.LicenceNotice),
);

export function RootLayout() {
  const session = useSession();
  const shopper = useShopper();
  const { pathname } = useLocation();

  // docs/screens.md: image paths are for logged-in users only. Only the path counts, so a search for
  // the word "images" still works.
  if (!session && /images/i.test(pathname)) return <Navigate to="/" replace />;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        id="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById("main")?.focus();
        }}
        className="sr-only z-[70] rounded-lg bg-surface px-4 py-3 font-semibold text-brand shadow-lg focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to main content
      </a>
      <BrowserNotice />
      <Header />
      <OfflineNotice />
      <UpdatePrompt />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 pb-16 outline-none sm:px-6 lg:px-8"
      >
        <div className="-mx-4 sm:-mx-6 lg:-mx-8">
          {shopper !== null && (
            <Suspense fallback={null}>
              <licenceNotice.Component />
            </Suspense>
          )}
        </div>
        <Breadcrumb />
        <Outlet />
      </main>
      <Footer />
      <BackToTop />
      <ScrollRestoration storageKey={SCROLL_POSITIONS_KEY} />
    </div>
  );
}
