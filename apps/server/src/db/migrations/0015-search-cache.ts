// The search's shared cache (decision 118): every change to what a kept search answer is made of
// is announced on `catalogue_search`, whatever path wrote it (the API, the back office, an
// import, a console), so every server process can drop the entries it touches. The payload
// says how far the change reaches: `stock` (a product ran out or came back somewhere: in-stock
// filters), `stock-levels` (any stock figure), `prices` (a price list), `deals`, `images`
// (these four: kept pages of products), `catalogue` (anything else the search reads).
export const name = "search-cache";

export const sql = /* sql */ `
CREATE FUNCTION catalogue_search_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_search', TG_ARGV[0]);
  RETURN NULL;
END $$;

-- Products: stock triggers (migration 0002) touch a product only to change stocked_in, and
-- then only in-stock filters change; any other column changes the catalogue. Statements that
-- touched no row (the stock triggers' refresh often does) say nothing.
CREATE FUNCTION products_search_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.sku_code = n.sku_code
                WHERE to_jsonb(o) - 'stocked_in' IS DISTINCT FROM to_jsonb(n) - 'stocked_in')
       OR EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.sku_code = n.sku_code)) THEN
      PERFORM pg_notify('catalogue_search', 'catalogue');
    ELSIF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.sku_code = n.sku_code
                   WHERE o.stocked_in IS DISTINCT FROM n.stocked_in) THEN
      PERFORM pg_notify('catalogue_search', 'stock');
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN PERFORM pg_notify('catalogue_search', 'catalogue'); END IF;
  ELSIF EXISTS (SELECT 1 FROM old_rows) THEN
    PERFORM pg_notify('catalogue_search', 'catalogue');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER products_search_changed_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_search_changed();
CREATE TRIGGER products_search_changed_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_search_changed();
CREATE TRIGGER products_search_changed_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_search_changed();
CREATE TRIGGER products_search_changed_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_changed('catalogue');

CREATE TRIGGER stock_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_changed('stock-levels');
CREATE TRIGGER product_images_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_changed('images');
CREATE TRIGGER deals_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON deals
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_changed('deals');
CREATE TRIGGER price_list_prices_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_list_prices
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_changed('prices');
-- Brand names and logos are facets; synonyms and brands are words of the search; the
-- warehouse shown to visitors decides their in-stock filter.
CREATE TRIGGER brands_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_changed('catalogue');
CREATE TRIGGER search_synonyms_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_changed('catalogue');
CREATE TRIGGER warehouses_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON warehouses
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_changed('catalogue');
`;
