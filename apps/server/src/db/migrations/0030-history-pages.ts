// The order history a page at a time (decision 158): pages walk an account's orders newest first
// by (created_date, id), so a page costs the same at 250 000 orders as at 20; a status filter
// has its own walk; an order number or reference is found through trigrams, not by reading
// every order of the account; a product's lines are found by the product, then kept to the account.
// The account dashboard's reports read month sums built once per month and version: any write
// to a month's orders or lines moves its version (triggers below), and a read rebuilds only the
// months whose sums are of an older version (modules/reports/month-sums.ts).
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

-- The dashboards' month sums. A month's version moves with every statement that writes its
-- orders or their lines, in the writing transaction; sums are kept per version, so sums built
-- from an older snapshot are never taken for the current ones.
CREATE TABLE report_month_versions (
  tenant_id    text NOT NULL,
  customer_id  integer NOT NULL,
  month        date NOT NULL,
  version      bigint NOT NULL,
  PRIMARY KEY (tenant_id, customer_id, month)
);
-- A month's sums as last built: which version, and its orders (not rejected) with their totals.
CREATE TABLE report_months (
  tenant_id    text NOT NULL,
  customer_id  integer NOT NULL,
  month        date NOT NULL,
  version      bigint NOT NULL,
  order_count  integer NOT NULL,
  excl_cents   bigint NOT NULL,
  incl_cents   bigint NOT NULL,
  PRIMARY KEY (tenant_id, customer_id, month)
);
CREATE TABLE report_month_statuses (
  tenant_id    text NOT NULL,
  customer_id  integer NOT NULL,
  month        date NOT NULL,
  version      bigint NOT NULL,
  status       text NOT NULL,
  order_count  integer NOT NULL,
  incl_cents   bigint NOT NULL,
  PRIMARY KEY (tenant_id, customer_id, month, version, status)
);
-- Lines of orders not rejected, by product: what the month's orders bought.
CREATE TABLE report_month_products (
  tenant_id    text NOT NULL,
  customer_id  integer NOT NULL,
  month        date NOT NULL,
  version      bigint NOT NULL,
  sku_code     text NOT NULL,
  quantity     bigint NOT NULL,
  order_count  integer NOT NULL,
  excl_cents   bigint NOT NULL,
  incl_cents   bigint NOT NULL,
  -- The description on the line of the month's latest order with it, and when that was.
  ordered_as   text NOT NULL,
  ordered_at   timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, customer_id, month, version, sku_code)
);

CREATE FUNCTION report_month_of(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('month', at AT TIME ZONE 'Africa/Johannesburg')::date
$$;

-- Moves the version of every (account, month) whose orders a statement wrote.
CREATE FUNCTION report_month_versions_touch_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_LEVEL = 'ROW' THEN
    INSERT INTO report_month_versions AS v (tenant_id, customer_id, month, version)
    SELECT DISTINCT t, c, m, 1 FROM (VALUES (OLD.tenant_id, OLD.customer_id, report_month_of(OLD.created_date)),
                                            (NEW.tenant_id, NEW.customer_id, report_month_of(NEW.created_date))) x(t, c, m)
     ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, customer_id, month) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO report_month_versions AS v (tenant_id, customer_id, month, version)
    SELECT DISTINCT tenant_id, customer_id, report_month_of(created_date), 1 FROM changed ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, customer_id, month) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO report_month_versions AS v (tenant_id, customer_id, month, version)
    SELECT DISTINCT tenant_id, customer_id, report_month_of(created_date), 1 FROM removed ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, customer_id, month) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER report_month_versions_orders_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION report_month_versions_touch_orders();
CREATE TRIGGER report_month_versions_orders_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION report_month_versions_touch_orders();
-- Only what the reports read: a status, totals, or the order's account or date.
CREATE TRIGGER report_month_versions_orders_update
  AFTER UPDATE OF current_pastel_status, total_excl_cents, total_incl_cents, created_date, customer_id, tenant_id ON orders
  FOR EACH ROW WHEN (OLD.current_pastel_status IS DISTINCT FROM NEW.current_pastel_status
                     OR OLD.total_excl_cents IS DISTINCT FROM NEW.total_excl_cents
                     OR OLD.total_incl_cents IS DISTINCT FROM NEW.total_incl_cents
                     OR OLD.created_date IS DISTINCT FROM NEW.created_date
                     OR OLD.customer_id IS DISTINCT FROM NEW.customer_id
                     OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION report_month_versions_touch_orders();

CREATE FUNCTION report_month_versions_touch_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_month_versions AS v (tenant_id, customer_id, month, version)
    SELECT DISTINCT o.tenant_id, o.customer_id, report_month_of(o.created_date), 1
      FROM orders o WHERE o.id IN (SELECT order_id FROM changed) ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, customer_id, month) DO UPDATE SET version = v.version + 1;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO report_month_versions AS v (tenant_id, customer_id, month, version)
    SELECT DISTINCT o.tenant_id, o.customer_id, report_month_of(o.created_date), 1
      FROM orders o WHERE o.id IN (SELECT order_id FROM removed) ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, customer_id, month) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER report_month_versions_lines_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION report_month_versions_touch_lines();
CREATE TRIGGER report_month_versions_lines_update AFTER UPDATE ON order_lines
  REFERENCING OLD TABLE AS removed NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION report_month_versions_touch_lines();
CREATE TRIGGER report_month_versions_lines_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION report_month_versions_touch_lines();
`;
