// Builds the breadcrumb trail from the URL (docs/screens.md): the catalogue's category levels, brand
// and search from the products query, and a readable name for every other page.
import type { BreadcrumbItem } from "@trade-shop/contracts/common";
import { HEADER_CATEGORIES } from "@trade-shop/contracts/catalogue";
import { DEFAULT_LANDING, appRoutes } from "@trade-shop/contracts/routes";

const PAGE_NAMES: Record<string, string> = {
  "orders-history": "Orders",
  checkout: "Checkout",
  "wish-list": "Wishlist",
  cart: "Cart",
  contact: "Contact",
  "access-to-information": "Access to Information",
  "terms-and-conditions": "Terms & Conditions",
  addresses: "Addresses",
  "account-dashboard": "My Account",
  "under-construction": "Under construction",
  manage: "No Images",
  login: "Login",
  "register-account": "Register",
  apply: "Apply for an account",
  applications: "Applications",
  "forgot-password": "Forgot password",
  "reset-password": "Reset password",
  "authorization-denied": "Auth denied",
  "not-found": "Not found",
};

/** Pages named by their parent and their own segment. */
const SUB_PAGE_NAMES: Record<string, string> = {
  "manage/search": "Search words",
  "apply/status": "Application status",
};

/** Route segments whose own page is another one: a payment belongs with the statements. */
const SEGMENT_PAGES: Record<string, { text: string; url: string }> = {
  payments: { text: "Statements", url: appRoutes.statements },
};

/** Pages under a segment named for what they are, not by their id in the URL. */
const CHILD_NAMES: Record<string, string> = {
  // The URL holds the row id, not the order number the page title shows.
  "orders-history": "Order details",
  payments: "Payment",
};

/** Route segments that only group pages and have no page of their own. */
const GROUPING_SEGMENTS = new Set(["auth"]);

const CATEGORY_LEVELS = ["category", "subCategory", "subCategory3", "subCategory4"] as const;

function crumb(
  text: string,
  currentUrl: string,
  kind: { isBrand?: boolean; isProduct?: boolean } = {},
): BreadcrumbItem {
  return { text, currentUrl, isBrand: kind.isBrand ?? false, isProduct: kind.isProduct ?? false };
}

function categoryName(category: string): string {
  if (category.toLowerCase() === "featured") return "Featured";
  return (
    HEADER_CATEGORIES.find((c) => c.category.toLowerCase() === category.toLowerCase())?.label ?? category
  );
}

function productsUrl(query: URLSearchParams): string {
  const withPage = new URLSearchParams(query);
  withPage.set("pageNumber", "1");
  return `${appRoutes.products}?${withPage}`;
}

function catalogueCrumbs(params: URLSearchParams): BreadcrumbItem[] {
  const crumbs: BreadcrumbItem[] = [];
  const query = new URLSearchParams();
  for (const level of CATEGORY_LEVELS) {
    const value = params.get(level)?.trim();
    if (!value) break;
    query.set(level, value);
    if (level === "category" && value.toLowerCase() === "home") continue;
    crumbs.push(crumb(level === "category" ? categoryName(value) : value, productsUrl(query)));
  }
  const brand = params.get("brand")?.trim();
  if (brand) {
    query.set("brand", brand);
    crumbs.push(crumb(brand, productsUrl(query), { isBrand: true }));
  }
  const searchText = params.get("searchText")?.trim();
  if (searchText) {
    crumbs.push(crumb(`Search: “${searchText}”`, productsUrl(new URLSearchParams({ searchText }))));
  }
  return crumbs;
}

function humanise(segment: string): string {
  const words = segment.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function pageCrumbs(pathname: string): BreadcrumbItem[] {
  const crumbs: BreadcrumbItem[] = [];
  let url = "";
  let previous = "";
  for (const segment of pathname.split("/").filter(Boolean)) {
    url += `/${segment}`;
    const text = safeDecode(segment);
    const elsewhere = SEGMENT_PAGES[segment];
    if (elsewhere && previous === "") crumbs.push(crumb(elsewhere.text, elsewhere.url));
    else if (!GROUPING_SEGMENTS.has(segment)) {
      crumbs.push(
        crumb(
          CHILD_NAMES[previous] ??
            SUB_PAGE_NAMES[`${previous}/${segment}`] ??
            PAGE_NAMES[segment] ??
            humanise(text),
          url,
        ),
      );
    }
    previous = segment;
  }
  return crumbs;
}

/**
 * The trail for a URL, always starting at Home; the last item is the current page. A product
 * page (/products/{skuCode}) gets Home only, which hides this breadcrumb: its URL holds just the
 * code, so the page draws its own trail from the product's categories and brand.
 */
export function breadcrumbItems(pathname: string, search: string): BreadcrumbItem[] {
  const home = crumb("Home", DEFAULT_LANDING);
  if (pathname.startsWith(`${appRoutes.products}/`)) return [home];
  const rest =
    pathname === appRoutes.products ? catalogueCrumbs(new URLSearchParams(search)) : pageCrumbs(pathname);
  return [home, ...rest];
}
