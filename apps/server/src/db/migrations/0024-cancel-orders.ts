// Cancelling an order (docs/rules.md "Cancelling an order"): the Cancelled state, and a
// cancellation asked of the back office while it decides, or the reason it refused.
export const name = "cancel-orders";

export const sql = /* sql */ `
ALTER TABLE orders DROP CONSTRAINT orders_current_pastel_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_current_pastel_status_check CHECK (current_pastel_status IN
  ('Awaiting approval','Pending','Submitted','Picking','Invoiced','Dispatched','Delivered','On Hold','Rejected','Cancelled'));
ALTER TABLE orders
  ADD COLUMN cancel_requested_at timestamptz,
  ADD COLUMN cancel_requested_by integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN cancel_refused_reason text;
`;
