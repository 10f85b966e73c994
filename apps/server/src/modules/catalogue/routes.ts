// /api/Product/* and /images/*: the catalogue's routes. Handlers find out whose prices apply
// (customerContextFor), call the service and return the contract's shape.
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { AppDeps } from "../../app-deps";
import { principalOf } from "../../http/auth";
import { invalid, notFound } from "../../core/domain-error";
import { handle } from "../../http/route";
import { customerContextFor } from "../accounts";
import { MAX_IMAGE_BYTES } from "./image-upload";
import { imageRoutes } from "./image-routes";
import { productImageUrl } from "./image-urls";
import { pageWindow } from "./pagination";
import { pendingProductRoutes } from "@trade-shop/contracts/catalogue-images";
import { catalogueSearchRoutes } from "@trade-shop/contracts/catalogue-search";
import { ProductSearchRequest } from "@trade-shop/contracts/catalogue";
import {
  productSearchRequest,
  productsPageRoutes,
  readProductsView,
} from "@trade-shop/contracts/products-page";
import { createRateLimits, type EndpointLimits } from "../../http/limits";
import {
  countProductsWithoutImages,
  productImageList,
  productsWithoutImages,
  type Shopper,
} from "./product-queries";
import { loadProducts, productByBarcode, productBySkuCode } from "./products";
import { createSearchServices, searchProducts } from "./search";
import { searchLines, type LineMatch } from "./line-search";
import { EVERY_CATALOGUE_CHANGE, type CatalogueChange, type SearchCache } from "./search-cache";
import { recordSearchRequest, zeroResultSearches } from "./search-misses";
import { replaceSynonymGroups, synonymGroups } from "./search-synonyms";
import { suggest } from "./suggest";
import { assignCoverImage, updateDescription, uploadProductImages } from "./staff-edits";
import { catalogueChanges, type Editor } from "./catalogue-changes";

/** "Tell us what you were looking for" writes to the database for anyone: a few an hour per address. */
const SEARCH_REQUEST_LIMITS = {
  searchRequest: { perIp: { max: 10, minutes: 60 } },
} as const satisfies Record<string, EndpointLimits>;

/** Up to four images of the largest size per request, base64 (4/3) plus the JSON around them. */
const UPLOAD_BODY_LIMIT = Math.ceil((4 * MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

/**
 * What the catalogue lends the rest of the app: its kept answers, and every kind of change it
 * hears of (the shop's pages are kept beside the answers and depend on all of it).
 */
export interface CatalogueServices {
  results: SearchCache;
  changes: ReadonlySet<CatalogueChange>;
  /** The quick order pad's words read through the search, for the tenant a request acts for. */
  searchLines(
    shopper: Shopper,
    tenantId: string | null,
    texts: readonly string[],
  ): Promise<Map<string, LineMatch>>;
}

export function catalogueRoutes(app: FastifyInstance, { config, database }: AppDeps): CatalogueServices {
  const db = database.db;
  const shopperOf = (request: FastifyRequest) => customerContextFor(db, request.principal);
  const editorOf = (request: FastifyRequest): Editor => {
    const { userId, username, tenantId } = principalOf(request);
    return { userId, username, tenantId };
  };

  // The synonyms, brands and category tree, and the answers of searches, each process keeps,
  // dropped when any process changes what they are made of.
  const search = createSearchServices(database, app.log);
  app.addHook("onReady", async () => {
    await Promise.all([search.vocabulary.start(), search.results.start()]);
  });
  app.addHook("preClose", async () => {
    await Promise.all([search.vocabulary.stop(), search.results.stop()]);
  });
  const searchContextOf = (request: FastifyRequest) => ({
    ...search,
    tenantId: request.principal?.tenantId ?? null,
  });

  for (const route of [api.products.search, api.products.getProducts]) {
    handle(app, route, async (request) =>
      searchProducts(db, await shopperOf(request), request.body, searchContextOf(request)),
    );
  }
  // The same search, asked by the page's params (decision 140): what the page would POST.
  handle(app, productsPageRoutes.searchPage, async (request) => {
    // The raw query string, read as the page reads its address (not Fastify's parse of it).
    const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
    const asked = ProductSearchRequest.safeParse(
      productSearchRequest(readProductsView(new URLSearchParams(query))),
    );
    if (!asked.success) {
      const issue = asked.error.issues[0];
      throw invalid(String(issue?.path[0] ?? "query"), issue?.message ?? "Not a search");
    }
    return searchProducts(db, await shopperOf(request), asked.data, searchContextOf(request));
  });
  handle(app, catalogueSearchRoutes.suggest, async (request) =>
    suggest(db, request.query.q, await search.vocabulary.current()),
  );
  handle(app, catalogueSearchRoutes.synonyms, async () => synonymGroups(db));
  handle(app, catalogueSearchRoutes.setSynonyms, async (request) => {
    const saved = await replaceSynonymGroups(db, editorOf(request), request.body);
    // This process at once; the others when the database tells them (migrations 0014 and 0015).
    search.vocabulary.invalidate();
    search.results.invalidate("catalogue");
    return saved;
  });
  const limits = createRateLimits(app, config.AUTH_RATE_LIMIT_FACTOR, SEARCH_REQUEST_LIMITS);
  handle(
    app,
    catalogueSearchRoutes.searchRequest,
    async (request) => {
      const principal = request.principal;
      await recordSearchRequest(
        db,
        { tenantId: principal?.tenantId ?? null, userId: principal?.userId ?? null },
        request.body,
      );
      return {
        success: true,
        message: "Thank you: we will look for it and let you know through your sales representative.",
        title: "Search request received",
      };
    },
    { config: limits.perIp("searchRequest") },
  );
  handle(app, catalogueSearchRoutes.zeroResultSearches, async (request) =>
    zeroResultSearches(db, principalOf(request).tenantId, request.query.limit),
  );
  handle(app, api.products.getBySkuCode, async (request) =>
    productBySkuCode(db, await shopperOf(request), request.body.skuCode),
  );

  handle(app, pendingProductRoutes.byBarcode, async (request) =>
    productByBarcode(db, await shopperOf(request), request.params.gtin),
  );

  // Uploads get a body limit of their own; every other route keeps the app's 1 MB.
  void app.register(async (uploads) => {
    uploads.addHook("onRoute", (route) => {
      route.bodyLimit = UPLOAD_BODY_LIMIT;
    });
    handle(uploads, api.products.uploadImages, async (request) => {
      const uploaded = await uploadProductImages(db, editorOf(request), request.body);
      search.results.invalidate("images");
      return uploaded;
    });
  });
  handle(app, api.products.assignCoverImage, async (request) => {
    const assigned = await assignCoverImage(db, editorOf(request), request.body);
    search.results.invalidate("images");
    return assigned;
  });
  handle(app, api.products.updateDescription, async (request) => {
    const updated = await updateDescription(db, editorOf(request), await shopperOf(request), request.body);
    // This process's kept searches at once; the others through the database (migration 0015).
    search.results.invalidate("catalogue");
    return updated;
  });

  handle(app, api.products.changes, async (request) => catalogueChanges(db, request.query));

  handle(app, pendingProductRoutes.withoutImages, async (request) => {
    const { pageNumber, resultsPerPage, search } = request.query;
    const total = await countProductsWithoutImages(db, search);
    const window = pageWindow(total, resultsPerPage, pageNumber);
    const skuCodes = await productsWithoutImages(db, resultsPerPage, window.offset, search);
    return {
      total,
      resultsPerPage,
      pages: window.pages,
      currentPage: window.currentPage,
      skuResults: await loadProducts(db, await shopperOf(request), skuCodes),
    };
  });
  handle(app, pendingProductRoutes.images, async (request) => {
    const images = await productImageList(db, request.params.skuCode);
    if (!images) throw notFound(`There is no product with the code ${request.params.skuCode}.`);
    return {
      skuCode: request.params.skuCode,
      images: images.map((image) => ({
        url: productImageUrl(image.contentHash),
        isCover: image.isCover,
        width: image.width,
        height: image.height,
      })),
    };
  });

  imageRoutes(app, { db, cacheDir: path.join(config.DATA_DIR, "image-cache") });
  return {
    results: search.results,
    changes: EVERY_CATALOGUE_CHANGE,
    searchLines: (shopper, tenantId, texts) => searchLines(db, shopper, { ...search, tenantId }, texts),
  };
}
