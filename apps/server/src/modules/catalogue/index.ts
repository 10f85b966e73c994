// The catalogue: products, brands, categories and images, shown with the prices and stock that
// apply to the caller, and the product search with its vocabulary and kept answers. Owns
// products, product_images, brands, search_synonyms, search_misses and search_requests. Offers
// product rows in the contract's shape to the lists that show products, its kept answers for
// the shop's pages, and the brand drawing for the demo data (docs/architecture.md).
// Change feeds: the triggers of db/migrations/0014-search-vocabulary.ts and 0015-search-cache.ts
// NOTIFY catalogue_vocabulary and catalogue_search (what changed) whatever path wrote the rows;
// every process listens (search-vocabulary.ts, search-cache.ts).
export { catalogueRoutes, type CatalogueServices } from "./routes";
export { LINE_CHOICES, type LineMatch } from "./line-search";
export { productRows, productRowsQuery, type ProductRow } from "./product-queries";
export { loadProducts, toProduct } from "./products";
export { pruneSearchMisses } from "./search-misses";
export { brandColour, brandInitials, escapeXml, fitText, type TextBlock } from "./brand-drawing";
export { contentHash } from "./image-urls";
/** Reading an uploaded document by what its bytes are (proofs of payment, applications). */
export {
  MAX_DOCUMENT_BYTES,
  documentDownloadName,
  plainFileName,
  readDocument,
  type DocumentContentType,
} from "./uploaded-documents";
