// Back office and live account: the built-in back-office simulator's own book of
// sales orders, a replay guard for signed status callbacks, single-use tickets that open a
// real-time stream, and triggers that announce order and balance changes on the channel
// `shop_events` inside the transaction that makes them (so only committed changes are told).
// Their messages are modules/realtime/publish.ts's OrderChanged and AccountChanged; the hub
// there listens (modules/realtime/index.ts lists every sender on the channel).
export const name = "backoffice";

export const sql = /* sql */ `
-- What the simulated back office has accepted and when each sales order moves on. A real back
-- office keeps this on its side; the shop's own state stays in orders and order_lines.
CREATE SEQUENCE backoffice_sales_order_numbers START 600001;
CREATE SEQUENCE backoffice_invoice_numbers START 800001;
CREATE TABLE backoffice_sales_orders (
  order_id            integer PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  sales_order_number  text NOT NULL UNIQUE,
  accepted_at         timestamptz NOT NULL DEFAULT now(),
  next_step_at        timestamptz
);
CREATE INDEX backoffice_sales_orders_due_idx ON backoffice_sales_orders (next_step_at) WHERE next_step_at IS NOT NULL;

-- Status callbacks already applied: a replayed callback (same event id) changes nothing.
CREATE TABLE backoffice_callback_events (
  event_id      text PRIMARY KEY,
  order_id      integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  status        text NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX backoffice_callback_events_received_idx ON backoffice_callback_events (received_at);

-- The staff hand-off queue lists the unfinished messages of one topic.
CREATE INDEX outbox_open_topic_idx ON outbox (topic, created_at DESC) WHERE status <> 'done';

-- A browser's EventSource cannot send an Authorization header: it opens the stream with a
-- ticket fetched by an authenticated POST. Only the SHA-256 is stored; a ticket works once.
CREATE TABLE realtime_tickets (
  ticket_hash         text PRIMARY KEY,
  user_id             integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tenant_id           text NOT NULL REFERENCES tenants(id),
  session_expires_at  timestamptz NOT NULL,
  expires_at          timestamptz NOT NULL
);
CREATE INDEX realtime_tickets_expires_idx ON realtime_tickets (expires_at);

-- Order placed or status changed: whoever changed it (placement, the back office, an operator).
CREATE FUNCTION shop_events_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_events', json_build_object(
    'kind', 'order', 'tenantId', NEW.tenant_id, 'customerId', NEW.customer_id, 'userId', NEW.user_id,
    'placed', TG_OP = 'INSERT', 'id', NEW.id, 'orderId', NEW.order_id,
    'currentPastelStatus', NEW.current_pastel_status, 'statusReason', NEW.pastel_status_reason,
    'lastPastelStatusUpdate', NEW.last_pastel_status_update)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER orders_placed_shop_events AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION shop_events_order();
CREATE TRIGGER orders_status_shop_events AFTER UPDATE OF current_pastel_status, pastel_status_reason ON orders
  FOR EACH ROW WHEN (OLD.current_pastel_status IS DISTINCT FROM NEW.current_pastel_status
                     OR OLD.pastel_status_reason IS DISTINCT FROM NEW.pastel_status_reason)
  EXECUTE FUNCTION shop_events_order();

-- Balance or credit limit changed.
CREATE FUNCTION shop_events_account() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_events', json_build_object(
    'kind', 'account', 'tenantId', NEW.tenant_id, 'customerId', NEW.id)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER customers_account_shop_events AFTER UPDATE OF dc_balance_cents, credit_limit_cents ON customers
  FOR EACH ROW WHEN (OLD.dc_balance_cents IS DISTINCT FROM NEW.dc_balance_cents
                     OR OLD.credit_limit_cents IS DISTINCT FROM NEW.credit_limit_cents)
  EXECUTE FUNCTION shop_events_account();
`;
