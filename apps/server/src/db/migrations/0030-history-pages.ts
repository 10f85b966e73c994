// The order history a page at a time (decision 158): pages walk an account's orders newest first
// by (created_date, id), so a page costs the same at 250 000 orders as at 20; a status filter
// has its own walk; an order number or reference is found through trigrams, not by reading
// every order of the account; a product's lines are found by the product, then kept to the account.
export const name = "history-pages";

export const sql = /* sql */ `
-- Used by: the history's pages (keyset on created_date, id within one account) and the
-- account dashboard's windows (the INCLUDEd columns answer them from the index alone).
-- Replaces orders_customer_idx, which had no id to break ties on one timestamp.
CREATE INDEX orders_customer_page_idx ON orders (tenant_id, customer_id, created_date DESC, id DESC)
  INCLUDE (current_pastel_status, total_excl_cents, total_incl_cents);
DROP INDEX orders_customer_idx;

-- Used by: the history filtered by status (and dates).
CREATE INDEX orders_customer_status_idx ON orders (tenant_id, customer_id, current_pastel_status, created_date DESC, id DESC);

-- Used by: the history of the orders one login placed. Replaces orders_user_idx (same leading columns).
CREATE INDEX orders_customer_user_idx ON orders (tenant_id, customer_id, user_id, created_date DESC, id DESC);
DROP INDEX orders_user_idx;

-- Used by: the history's search by order number or the customer's reference (ILIKE '%…%').
CREATE INDEX orders_order_id_trgm_idx ON orders USING gin (order_id gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX orders_supplied_id_trgm_idx ON orders USING gin (supplied_id gin_trgm_ops) WITH (fastupdate = off);

-- Used by: the history's search by product (the product's lines, then their orders) and the
-- dashboard's top products (an order's lines with what they sum, from the index alone).
CREATE INDEX order_lines_sku_order_idx ON order_lines (sku_code, order_id);
DROP INDEX order_lines_sku_idx;
CREATE INDEX order_lines_order_totals_idx ON order_lines (order_id)
  INCLUDE (sku_code, quantity, total_excl_cents, total_incl_cents);
`;
