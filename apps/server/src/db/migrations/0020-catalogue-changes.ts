// Who changed what in the catalogue, and when (decision 144). The catalogue (products, their
// pictures, descriptions and the search words) is one for every tenant's shop, so a change made
// by staff of one tenant shows in all of them; each change is kept here, in the transaction that
// makes it, with the login's name as it was then and the tenant it was made in.
export const name = "catalogue-changes";

export const sql = /* sql */ `
CREATE TABLE catalogue_changes (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  changed_at  timestamptz NOT NULL DEFAULT now(),
  user_id     integer REFERENCES users (id) ON DELETE SET NULL,
  username    text NOT NULL,
  name        text NOT NULL,
  tenant_id   text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('images_added', 'cover_chosen', 'description_changed', 'search_words_changed')),
  sku_code    text,
  summary     text NOT NULL,
  before      text,
  after       text
);
CREATE INDEX catalogue_changes_newest ON catalogue_changes (changed_at DESC, id DESC);
CREATE INDEX catalogue_changes_by_product ON catalogue_changes (sku_code, changed_at DESC) WHERE sku_code IS NOT NULL;
`;
