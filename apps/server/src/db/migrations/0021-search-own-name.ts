// A product's own name in the search: the words of its description without its brand's name
// weigh most (A), its brand's words weigh as its categories do (B). Until now description and
// brand were both A, and descriptions begin with the brand ("Umoya Cola Apple Soft Drink 2L" of
// brand Umoya Cola), so "cola" counted twice for an apple soft drink and once for a cola, and
// the search could not tell a product named for the words from one whose brand holds them.
export const name = "search-own-name";

export const sql = /* sql */ `
-- The description's words (split as catalogue_search_words splits them, lower-case) with every
-- whole-word occurrence of the brand's name taken out: "Umoya Cola Cherry Cola 2L" of Umoya Cola
-- is "cherry cola 2l". A description that does not mention its brand is its own name whole.
CREATE FUNCTION catalogue_own_name(description text, brand text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN b.words = '' THEN d.words ELSE btrim(replace(d.words, ' ' || b.words || ' ', ' ')) END
    FROM (SELECT ' ' || lower(btrim(catalogue_search_words(description))) || ' ' AS words) d,
         (SELECT lower(btrim(catalogue_search_words(brand))) AS words) b
$$;

-- Weights: the product's own name (A) above its brand and categories (B) above its SKU code (C).
-- Every word is still in the vector, so what a search finds is unchanged; what changes is how
-- it ranks (ts_rank) and what "named for the words" (a match of weight A) means. The vocabulary
-- of typo correction (catalogue_vocabulary: weights A and B) keeps the brands' words.
CREATE OR REPLACE FUNCTION catalogue_product_vector(
  description text, brand text, category text, sub_category text, sub_category2 text, sub_category3 text, sku_code text
) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, catalogue_own_name(description, brand)), 'A')
      || setweight(to_tsvector('simple'::regconfig, catalogue_search_words(concat_ws(' ', brand, category, sub_category, sub_category2, sub_category3))), 'B')
      || setweight(to_tsvector('simple'::regconfig, catalogue_search_words(sku_code)), 'C')
$$;

-- Every product's vector again (the insert, update and brand-rename triggers call the function
-- above from now on). The words are the same, so search_terms does not change.
UPDATE products p
   SET search_vector = catalogue_product_vector(
         p.description, (SELECT b.name FROM brands b WHERE b.id = p.brand_id),
         p.category, p.sub_category, p.sub_category2, p.sub_category3, p.sku_code);
`;
