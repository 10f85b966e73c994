// Buyer alerts (docs/rules.md "Alerts", decision 153): each user's alerts on a customer account,
// their choices per kind and channel, their devices' web push subscriptions, the shop's VAPID
// keys (app_settings "vapid", made on first use), and two triggers that record, in the
// transaction of the change, an outbox message "alerts.event" for modules/alerts to turn into
// alerts: every order status written to order_status_history (placement, approvals, cancelling,
// the back office, an operator's SQL alike) and stock of a wished-for product coming back.
export const name = "alerts";

export const sql = /* sql */ `
CREATE TABLE alert_preferences (
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  customer_id  integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('order_status','approval_needed','approval_decided','back_in_stock','statement_ready')),
  in_shop      boolean NOT NULL,
  email        boolean NOT NULL,
  sms          boolean NOT NULL,
  push         boolean NOT NULL,
  PRIMARY KEY (user_id, customer_id, kind)
);

-- One row per alert made for a user on an account: shown in the shop when the user wants that
-- kind there (shown), and the mark of the one-a-minute throttle per kind and subject either way.
CREATE TABLE alerts (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  customer_id  integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('order_status','approval_needed','approval_decided','back_in_stock','statement_ready')),
  -- What it is about: 'order:<orders.id>', 'product:<sku_code>', 'statement:<YYYY-MM>'.
  subject      text NOT NULL,
  title        text NOT NULL,
  body         text NOT NULL,
  link         text NOT NULL,
  shown        boolean NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  read_at      timestamptz
);
CREATE INDEX alerts_list_idx ON alerts (user_id, customer_id, created_at DESC, id DESC) WHERE shown;
CREATE INDEX alerts_unread_idx ON alerts (user_id, customer_id) WHERE shown AND read_at IS NULL;
CREATE INDEX alerts_throttle_idx ON alerts (user_id, customer_id, kind, subject, created_at DESC);

-- A device's browser subscribed to web push (RFC 8030) while logged in as user_id; the
-- endpoint is the device's, so a second login on it takes the subscription over.
CREATE TABLE push_subscriptions (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint     text NOT NULL UNIQUE,
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  p256dh       text NOT NULL,
  auth         text NOT NULL,
  expires_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

-- The back-in-stock trigger asks whether anyone wishes for the product.
CREATE INDEX wishlist_items_sku_idx ON wishlist_items (sku_code);

-- A status written to an order's history: which kind of alert it makes, if any. A status dated
-- in the past (the demo data, an import) is history, not news; the first status is news only
-- when it waits for approval (the buyer placed it and has the confirmation); and nobody is told
-- of what they did themselves. Who is told, and how, modules/alerts decides when it runs.
CREATE FUNCTION alerts_order_status() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  previous text;
  placed_by integer;
  alert_kind text;
BEGIN
  IF NEW.changed_at < now() - interval '1 minute' THEN RETURN NULL; END IF;
  SELECT o.user_id INTO placed_by FROM orders o WHERE o.id = NEW.order_id;
  SELECT h.status INTO previous FROM order_status_history h
   WHERE h.order_id = NEW.order_id AND h.id < NEW.id ORDER BY h.id DESC LIMIT 1;
  IF NEW.status = 'Awaiting approval' THEN
    alert_kind := 'approval_needed';
  ELSIF previous IS NULL THEN
    RETURN NULL;
  ELSIF previous = 'Awaiting approval' AND NEW.status IN ('Pending', 'Rejected') THEN
    alert_kind := 'approval_decided';
  ELSE
    alert_kind := 'order_status';
  END IF;
  IF alert_kind <> 'approval_needed' AND (placed_by IS NULL OR placed_by = NEW.changed_by) THEN
    RETURN NULL;
  END IF;
  INSERT INTO outbox (topic, idempotency_key, payload, ordering_key)
  VALUES ('alerts.event', 'alerts:status:' || NEW.id,
          jsonb_build_object('kind', alert_kind, 'orderId', NEW.order_id, 'status', NEW.status,
                             'reason', NEW.reason, 'changedBy', NEW.changed_by, 'occurredAt', NEW.changed_at),
          'alerts:order:' || NEW.order_id)
  ON CONFLICT (idempotency_key) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER order_status_history_alerts AFTER INSERT ON order_status_history
  FOR EACH ROW EXECUTE FUNCTION alerts_order_status();

-- A product back in a warehouse (none on hand before, some now) that somebody whose account
-- stocks from that warehouse has on a wishlist. One message per product, warehouse and
-- transaction.
CREATE FUNCTION alerts_back_in_stock() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM wishlist_items wi
               JOIN wishlists w ON w.id = wi.wishlist_id
               JOIN customers c ON c.id = w.customer_id
              WHERE wi.sku_code = NEW.sku_code AND c.stocking_warehouse_code = NEW.warehouse_code) THEN
    INSERT INTO outbox (topic, idempotency_key, payload, ordering_key)
    VALUES ('alerts.event',
            'alerts:stock:' || NEW.warehouse_code || ':' || NEW.sku_code || ':' || pg_current_xact_id()::text,
            jsonb_build_object('kind', 'back_in_stock', 'skuCode', NEW.sku_code,
                               'warehouseCode', NEW.warehouse_code, 'occurredAt', now()),
            'alerts:product:' || NEW.sku_code)
    ON CONFLICT (idempotency_key) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER stock_back_in_stock_alerts AFTER UPDATE OF on_hand ON stock
  FOR EACH ROW WHEN (OLD.on_hand = 0 AND NEW.on_hand > 0)
  EXECUTE FUNCTION alerts_back_in_stock();
CREATE TRIGGER stock_new_in_stock_alerts AFTER INSERT ON stock
  FOR EACH ROW WHEN (NEW.on_hand > 0)
  EXECUTE FUNCTION alerts_back_in_stock();
`;
