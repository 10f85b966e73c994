// Search in the customer's words: synonym groups staff can edit, the size of one
// unit read from a product's capacity so "2l" or "6x2l" can put the right packs first, and the
// searches that found nothing (one row per text per tenant per day) with what people told us
// they were looking for. The vocabulary, like the catalogue it describes, is shared by tenants
// (decision 2); misses and requests are kept per tenant (NULL: a visitor).
export const name = "search-vocabulary";

export const sql = /* sql */ `
-- A term belongs to one group at most (the primary key); a group is its id's terms. Terms are
-- stored lower-case and trimmed; a term of several words ("cold drink") matches them in order.
CREATE TABLE search_synonyms (
  term      text COLLATE "C" PRIMARY KEY
            CHECK (term = lower(term) AND term = btrim(term) AND length(term) BETWEEN 1 AND 40),
  group_id  integer NOT NULL CHECK (group_id > 0),
  -- The term's place in its group, as staff ordered them.
  position  integer NOT NULL DEFAULT 0
);

-- Every server process keeps the synonyms and brands in memory and drops them when told on
-- this channel, whatever path changed them (the API, an import, a console).
CREATE FUNCTION catalogue_vocabulary_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_vocabulary', TG_TABLE_NAME);
  RETURN NULL;
END $$;
CREATE TRIGGER search_synonyms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_vocabulary_changed();
CREATE TRIGGER brands_vocabulary_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_vocabulary_changed();

-- A starting vocabulary of how South African traders ask for what the shop's categories hold;
-- staff change it at PUT /api/Product/Synonyms.
INSERT INTO search_synonyms (group_id, term, position)
SELECT g.id, t.term, t.n
  FROM (VALUES
    (1, ARRAY['crisps', 'chips']),
    (2, ARRAY['cooldrink', 'cooldrinks', 'colddrink', 'cool drink', 'cool drinks', 'cold drink', 'cold drinks',
              'soft drink', 'soft drinks', 'fizzy', 'fizzy drink', 'fizzy drinks', 'soda', 'sodas', 'minerals']),
    (3, ARRAY['sweets', 'sweeties', 'candy', 'candies', 'lollies']),
    (4, ARRAY['biscuits', 'biscuit', 'cookies', 'cookie']),
    (5, ARRAY['nappies', 'nappy', 'diapers', 'diaper']),
    (6, ARRAY['flavour', 'flavor', 'flavoured', 'flavored']),
    (7, ARRAY['colour', 'color', 'coloured', 'colored']),
    (8, ARRAY['coke', 'cola', 'colas']),
    (9, ARRAY['lollipop', 'lollipops', 'lolly', 'suckers']),
    (10, ARRAY['serviettes', 'serviette', 'napkins', 'napkin']),
    (11, ARRAY['sanitiser', 'sanitizer', 'sanitisers', 'sanitizers']),
    (12, ARRAY['toilet paper', 'toilet roll', 'toilet rolls', 'loo roll', 'loo paper']),
    (13, ARRAY['mielie', 'mielies', 'maize', 'corn']),
    (14, ARRAY['braai', 'barbecue', 'bbq']),
    (15, ARRAY['liquor', 'alcohol', 'booze', 'dop']),
    (16, ARRAY['beer', 'beers', 'lager', 'lagers', 'dumpie', 'dumpies']),
    (17, ARRAY['chewing gum', 'bubblegum', 'bubble gum', 'gum']),
    (18, ARRAY['tomato sauce', 'ketchup']),
    (19, ARRAY['deodorant', 'deodorants', 'deo', 'antiperspirant']),
    (20, ARRAY['sanitary pads', 'pads', 'sanitary towels']),
    (21, ARRAY['wipes', 'baby wipes', 'wet wipes']),
    (22, ARRAY['rusks', 'beskuit']),
    (23, ARRAY['tissues', 'tissue']),
    (24, ARRAY['popcorn', 'pop corn']),
    (25, ARRAY['energy drink', 'energy drinks', 'energiser'])
  ) AS g(id, terms),
  unnest(g.terms) WITH ORDINALITY AS t(term, n);

-- The size of one unit as a key ("2000ml", "125g") and how many such units one unit holds
-- ("6 x 25g": 6), read from capacity as the catalogue prints it ("2 L", "1.5 L", "6 x 25 g").
-- The search parses "2l", "2 lt", "2000ml" or "6x2l" to the same key (search-sizes.ts).
CREATE FUNCTION catalogue_unit_size(capacity text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN m IS NULL THEN NULL
              WHEN m[3] IN ('kg', 'l') THEN trim_scale(replace(m[2], ',', '.')::numeric * 1000)::text || CASE m[3] WHEN 'kg' THEN 'g' ELSE 'ml' END
              ELSE trim_scale(replace(m[2], ',', '.')::numeric)::text || m[3] END
    FROM regexp_match(lower(coalesce(capacity, '')), '^\\s*(?:(\\d+)\\s*x\\s*)?(\\d+(?:[.,]\\d+)?)\\s*(kg|g|ml|l)\\s*$') AS m
$$;

CREATE FUNCTION catalogue_unit_count(capacity text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce((regexp_match(lower(coalesce(capacity, '')), '^\\s*(\\d+)\\s*x\\s*\\d'))[1]::integer, 1)
$$;

-- Read by the search's ranking for the products already matched, never searched by: no index.
ALTER TABLE products
  ADD COLUMN unit_size text GENERATED ALWAYS AS (catalogue_unit_size(capacity)) STORED,
  ADD COLUMN unit_count integer GENERATED ALWAYS AS (catalogue_unit_count(capacity)) STORED;

-- Searches that found nothing, counted per text, tenant and South African day: the hot path
-- is one upsert, and the table grows by distinct texts, never by requests.
CREATE TABLE search_misses (
  day          date NOT NULL,
  tenant_id    text REFERENCES tenants(id) ON DELETE CASCADE,
  search_text  text NOT NULL CHECK (length(search_text) BETWEEN 1 AND 100),
  searches     integer NOT NULL DEFAULT 1 CHECK (searches > 0),
  last_seen    timestamptz NOT NULL DEFAULT now(),
  UNIQUE NULLS NOT DISTINCT (day, tenant_id, search_text)
);
-- Used by: the staff list of the last 30 days.
CREATE INDEX search_misses_day_idx ON search_misses (day);

-- "Tell us what you were looking for": a search and an optional note from a visitor or a login.
CREATE TABLE search_requests (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id    text REFERENCES tenants(id) ON DELETE CASCADE,
  user_id      integer REFERENCES users(id) ON DELETE SET NULL,
  search_text  text NOT NULL CHECK (length(search_text) BETWEEN 1 AND 100),
  note         text CHECK (length(note) <= 500),
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- Used by: the staff list (requests of the last 30 days per text).
CREATE INDEX search_requests_recent_idx ON search_requests (created_at, search_text);
`;
