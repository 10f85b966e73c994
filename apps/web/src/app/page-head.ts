// What the server puts in a rendered page's <head> for search engines and link previews
// (docs/decisions/0140): its title (the one the page then keeps in the tab), a description, the
// canonical address, Open Graph tags, and for a product page a JSON-LD Product. Read from the
// query cache the page was rendered from, so it says what the page shows.
import type { QueryClient } from "@tanstack/react-query";
import type { Product } from "@trade-shop/contracts/catalogue";
import { appRoutes } from "@trade-shop/contracts/routes";
import { shopDetails } from "@/features/content/shop-details";
import { getProductQueryOptions } from "@/features/catalogue/api/get-product";
import { productPageSku } from "@/features/catalogue/api/prefetch-page";
import { pageTitle } from "@/features/catalogue/products-page";
import { readProductsView } from "@/features/catalogue/products-query";
import { packText } from "@/entities/products";
import { formatRand } from "@/lib/format";

const SHOP_DESCRIPTION =
  "Trade Shop: order snacks, sweets, drinks, liquor and hygiene goods for your business.";

/** The titles of the public pages that are not the catalogue's, as each page sets its tab's. */
const CONTENT_TITLES: Record<string, string> = {
  [appRoutes.contact]: "Contact us",
  [appRoutes.termsAndConditions]: "Terms & Conditions",
  [appRoutes.accessToInformation]: "Access to Information",
  [appRoutes.notFound]: "Page not found",
  [appRoutes.authorizationDenied]: "Auth denied",
  [appRoutes.underConstruction]: "Under construction",
};

/** The list's address parameters that change what it lists; the rest (view, page size) do not make a page of their own. */
const LISTING_PARAMS = [
  "category",
  "subCategory",
  "subCategory3",
  "subCategory4",
  "brand",
  "searchText",
  "pageNumber",
];

export interface PageHead {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  image?: string;
  /** Schema.org JSON-LD. */
  structuredData?: object;
  type: "website" | "product";
}

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** "… | Trade Shop", as useDocumentTitle writes it. */
const tabTitle = (title: string) => (title ? `${title} | ${shopDetails.name}` : shopDetails.name);

function productHead(product: Product, origin: string): PageHead {
  const canonical = `${origin}${appRoutes.products}/${encodeURIComponent(product.skuCode)}`;
  const image = product.imageUrl ? new URL(product.imageUrl, origin).href : undefined;
  const gtin = product.extendedData?.primaryGTIN ?? undefined;
  const price = formatRand(product.listPriceIncl);
  return {
    title: tabTitle(product.skuDescription),
    description: `${product.skuDescription} from ${product.skuBrand}: ${packText(product)}, code ${product.skuCode}, ${price} incl. VAT. Order for your business from ${shopDetails.name}.`,
    canonical,
    image,
    type: "product",
    structuredData: {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.skuDescription,
      sku: product.skuCode,
      ...(gtin ? { gtin } : {}),
      brand: { "@type": "Brand", name: product.skuBrand },
      ...(image ? { image } : {}),
      category: [product.skuCategory, product.skuSubCategory].filter(Boolean).join(" > "),
      // Visitors are shown the list price, so search engines are too.
      offers: {
        "@type": "Offer",
        url: canonical,
        priceCurrency: "ZAR",
        price: product.listPriceIncl.toFixed(2),
        availability:
          product.stockOnHand > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      },
    },
  };
}

/** The head of the page at `url` (pathname and search), from the data it was rendered with. */
export function pageHead(url: URL, client: QueryClient, origin: string): PageHead {
  const skuCode = productPageSku(url.pathname);
  if (skuCode !== null) {
    const product = client.getQueryData(getProductQueryOptions(skuCode, "guest").queryKey);
    if (product) return productHead(product, origin);
  }
  if (url.pathname === appRoutes.products) {
    const title = pageTitle(readProductsView(url.searchParams));
    const kept = new URLSearchParams();
    for (const name of LISTING_PARAMS) {
      const value = url.searchParams.get(name);
      if (value) kept.set(name, value);
    }
    const query = kept.toString();
    return {
      title: tabTitle(title),
      description: `${title}: order for your business from ${shopDetails.name}, with trade prices, deals and stock at the warehouse.`,
      canonical: `${origin}${appRoutes.products}${query ? `?${query}` : ""}`,
      type: "website",
    };
  }
  const title = CONTENT_TITLES[url.pathname] ?? "";
  return {
    title: tabTitle(title),
    description: SHOP_DESCRIPTION,
    canonical: `${origin}${url.pathname}`,
    type: "website",
  };
}

/** The tags of `head`, for the HTML. */
export function pageHeadHtml(head: PageHead): string {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta("og:site_name", shopDetails.name),
    meta("og:type", head.type),
    meta("og:title", head.title),
    meta("og:description", head.description),
    meta("og:url", head.canonical),
    ...(head.image ? [meta("og:image", head.image)] : []),
    ...(head.structuredData
      ? [
          `<script type="application/ld+json">${JSON.stringify(head.structuredData).replace(/</g, "\\u003c")}</script>`,
        ]
      : []),
  ].join("\n    ");
}
