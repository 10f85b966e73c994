// The catalogue's GIN indexes without a pending list. With fastupdate (the default), new and
// changed rows wait in a list every search scans in full until VACUUM merges it; the embedded
// database runs no autovacuum, so after the demo data (or migration 0021's new vectors) every
// text search read thousands of pending entries: 5 ms a query instead of 0.5 ms, measured on
// the 3 200 demo products (bench/results/quick-order-2026-11-28.md). The catalogue is read far
// more than written, so rows go straight into the index, and what is pending now is merged.
export const name = "gin-without-pending-list";

export const sql = /* sql */ `
ALTER INDEX products_search_vector_idx SET (fastupdate = off);
ALTER INDEX search_terms_trgm_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('products_search_vector_idx'::regclass);
SELECT gin_clean_pending_list('search_terms_trgm_idx'::regclass);
`;
