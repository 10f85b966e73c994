// Catalogue search: a weighted full-text vector per product kept by triggers, a small
// vocabulary of the catalogue's words for typo correction, and the indexes the search,
// stock and image queries of modules/catalogue use.
export const name = "catalogue-search";

export const sql = /* sql */ `
-- Every run of punctuation or space becomes one space before the text parser sees it, so
-- "CHP-00123" is the words chp and 00123 and "2.5kg" is 2 and 5kg. The search box splits what
-- people type the same way (modules/catalogue/search-text.ts).
CREATE FUNCTION catalogue_search_words(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT regexp_replace(coalesce(value, ''), '[[:punct:][:space:]]+', ' ', 'g') $$;

-- Weights rank a hit in the description or brand (A) above one in the categories (B) above
-- one in the SKU code (C). 'simple' lower-cases without stemming; prefix queries cover plurals.
CREATE FUNCTION catalogue_product_vector(
  description text, brand text, category text, sub_category text, sub_category2 text, sub_category3 text, sku_code text
) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, catalogue_search_words(description || ' ' || coalesce(brand, ''))), 'A')
      || setweight(to_tsvector('simple'::regconfig, catalogue_search_words(concat_ws(' ', category, sub_category, sub_category2, sub_category3))), 'B')
      || setweight(to_tsvector('simple'::regconfig, catalogue_search_words(sku_code)), 'C')
$$;

ALTER TABLE products ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector;

CREATE FUNCTION products_search_vector_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := catalogue_product_vector(
    NEW.description, (SELECT b.name FROM brands b WHERE b.id = NEW.brand_id),
    NEW.category, NEW.sub_category, NEW.sub_category2, NEW.sub_category3, NEW.sku_code);
  RETURN NEW;
END $$;

CREATE TRIGGER products_search_vector
  BEFORE INSERT OR UPDATE OF description, brand_id, category, sub_category, sub_category2, sub_category3, sku_code
  ON products FOR EACH ROW EXECUTE FUNCTION products_search_vector_refresh();

-- A renamed brand is searchable by its new name at once.
CREATE FUNCTION brands_search_vector_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
     SET search_vector = catalogue_product_vector(p.description, NEW.name, p.category, p.sub_category,
                                                  p.sub_category2, p.sub_category3, p.sku_code)
   WHERE p.brand_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER brands_search_vector
  AFTER UPDATE OF name ON brands FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION brands_search_vector_refresh();

-- Used by: the text match of the product search (search_vector @@ tsquery, prefix terms too).
CREATE INDEX products_search_vector_idx ON products USING gin (search_vector);

-- Replaced by the vocabulary below: trigram matching over every description is the slow path
-- the search avoids, and the index only cost writes.
DROP INDEX IF EXISTS products_description_trgm_idx;

-- The words of descriptions, brands and categories (not SKU codes or numbers) and in how many
-- products each occurs. A misspelt word is corrected against these few thousand rows, then
-- the search runs as full text again, instead of comparing trigrams with every product.
CREATE TABLE search_terms (
  -- Used by: the "is this a known word or the start of one" probe (term >= $word ORDER BY term
  -- LIMIT 1); byte order ("C") makes every word with a given prefix one contiguous range.
  term       text COLLATE "C" PRIMARY KEY,
  documents  integer NOT NULL CHECK (documents > 0)
);
-- Used by: typo correction (term % $word ORDER BY similarity).
CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (term gin_trgm_ops);

CREATE FUNCTION catalogue_vocabulary(vector tsvector) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT lexeme FROM unnest(tsvector_to_array(ts_filter(vector, '{a,b}'))) AS lexeme
   WHERE length(lexeme) >= 3 AND lexeme !~ '[0-9]'
$$;

-- Statement-level triggers with transition tables: a bulk load counts its words in one pass.
CREATE FUNCTION search_terms_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term, documents)
  SELECT word, count(*) FROM new_rows n, catalogue_vocabulary(n.search_vector) AS word GROUP BY word
  ON CONFLICT (term) DO UPDATE SET documents = search_terms.documents + EXCLUDED.documents;
  RETURN NULL;
END $$;

-- Words whose product count falls to zero leave the vocabulary; the branches touch disjoint rows.
CREATE FUNCTION search_terms_remove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT word, count(*) AS n FROM old_rows o, catalogue_vocabulary(o.search_vector) AS word GROUP BY word
  ), lowered AS (
    UPDATE search_terms t SET documents = t.documents - gone.n
      FROM gone WHERE t.term = gone.word AND t.documents > gone.n
  )
  DELETE FROM search_terms t USING gone WHERE t.term = gone.word AND t.documents <= gone.n;
  RETURN NULL;
END $$;

-- An update moves only the vectors that changed: the old ones' words out, the new ones' in.
CREATE FUNCTION search_terms_replace() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT word, sum(d) AS d FROM (
      SELECT word, -1 AS d FROM old_rows o, catalogue_vocabulary(o.search_vector) AS word
       WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.sku_code = o.sku_code AND n.search_vector = o.search_vector)
      UNION ALL
      SELECT word, 1 AS d FROM new_rows n, catalogue_vocabulary(n.search_vector) AS word
       WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.sku_code = n.sku_code AND o.search_vector = n.search_vector)
    ) words GROUP BY word HAVING sum(d) <> 0
  ), added AS (
    INSERT INTO search_terms AS t (term, documents)
    SELECT word, d FROM delta WHERE d > 0
    ON CONFLICT (term) DO UPDATE SET documents = t.documents + EXCLUDED.documents
  ), lowered AS (
    UPDATE search_terms t SET documents = t.documents + delta.d
      FROM delta WHERE t.term = delta.word AND delta.d < 0 AND t.documents + delta.d > 0
  )
  DELETE FROM search_terms t USING delta
   WHERE t.term = delta.word AND delta.d < 0 AND t.documents + delta.d <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER products_search_terms_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_terms_add();
CREATE TRIGGER products_search_terms_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_terms_replace();
CREATE TRIGGER products_search_terms_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_terms_remove();

-- Products that exist before this migration get their vectors and words now.
UPDATE products SET description = description;

-- Which warehouses hold a product (on_hand > 0), kept on the product so "in stock only" is a
-- test on the row the search reads anyway instead of a join with every stock row (7 per SKU).
-- Stock triggers touch the product only when a warehouse runs out or is restocked.
ALTER TABLE products ADD COLUMN stocked_in text[] NOT NULL DEFAULT '{}';

CREATE FUNCTION products_refresh_stocked_in(skus text[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE products p SET stocked_in = w.codes
    FROM (SELECT sku.code AS sku_code,
                 coalesce((SELECT array_agg(s.warehouse_code ORDER BY s.warehouse_code) FROM stock s
                            WHERE s.sku_code = sku.code AND s.on_hand > 0), '{}') AS codes
            FROM unnest(skus) AS sku(code)) w
   WHERE p.sku_code = w.sku_code AND p.stocked_in IS DISTINCT FROM w.codes
$$;

CREATE FUNCTION stock_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM products_refresh_stocked_in(ARRAY(SELECT DISTINCT sku_code FROM new_rows WHERE on_hand > 0));
  RETURN NULL;
END $$;

CREATE FUNCTION stock_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM products_refresh_stocked_in(ARRAY(
    SELECT DISTINCT n.sku_code FROM new_rows n
      JOIN old_rows o ON o.warehouse_code = n.warehouse_code AND o.sku_code = n.sku_code
     WHERE (o.on_hand > 0) <> (n.on_hand > 0)
    UNION
    -- a row moved to another SKU or warehouse (never done, but then both SKUs change)
    SELECT o.sku_code FROM old_rows o
     WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.warehouse_code = o.warehouse_code AND n.sku_code = o.sku_code)
    UNION
    SELECT n.sku_code FROM new_rows n
     WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.warehouse_code = n.warehouse_code AND o.sku_code = n.sku_code)));
  RETURN NULL;
END $$;

CREATE FUNCTION stock_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM products_refresh_stocked_in(ARRAY(SELECT DISTINCT sku_code FROM old_rows WHERE on_hand > 0));
  RETURN NULL;
END $$;

CREATE TRIGGER stock_stocked_in_insert AFTER INSERT ON stock
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_added();
CREATE TRIGGER stock_stocked_in_update AFTER UPDATE ON stock
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_changed();
CREATE TRIGGER stock_stocked_in_delete AFTER DELETE ON stock
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_removed();

SELECT products_refresh_stocked_in(ARRAY(SELECT sku_code FROM products));

-- Room on each page for a changed stocked_in to stay on its page (a HOT update), so stock
-- running out or coming back does not scatter the table the search reads.
ALTER TABLE products SET (fillfactor = 90);

-- Used by: the facet counts and category filter of browsing without text, read by an
-- index-only scan already in (category path, brand) order; replaces products_category_idx.
DROP INDEX IF EXISTS products_category_idx;
CREATE INDEX products_facets_idx ON products (category, sub_category, sub_category2, sub_category3, brand_id)
  INCLUDE (is_featured, is_new) WHERE active;

-- Used by: the page of browsing without text in the default order (featured, then new, then
-- by description), read in index order and stopped after one page.
CREATE INDEX products_browse_idx ON products ((is_featured::int * 2 + is_new::int) DESC, description, sku_code) WHERE active;

-- Used by: a visitor's stock on a product card (the sum over all warehouses).
CREATE INDEX stock_sku_idx ON stock (sku_code) INCLUDE (on_hand);

-- Used by: GET /images/products/<content_hash>.<ext>, which finds an image by its hash.
CREATE INDEX product_images_content_hash_idx ON product_images (content_hash);
`;
