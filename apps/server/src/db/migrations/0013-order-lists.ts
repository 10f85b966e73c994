// Order lists: named lists of products and packs that belong to a customer account
// (every login of the account shares them), one line per SKU, kept in the order given.
export const name = "order-lists";

export const sql = /* sql */ `
CREATE TABLE order_lists (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX order_lists_name_idx ON order_lists (customer_id, lower(name));

CREATE TABLE order_list_items (
  list_id   integer NOT NULL REFERENCES order_lists(id) ON DELETE CASCADE,
  sku_code  text NOT NULL REFERENCES products(sku_code),
  quantity  integer NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
  position  integer NOT NULL,
  PRIMARY KEY (list_id, sku_code)
);
`;
