// A cart add is idempotent by the client's Idempotency-Key (decision 159): the first add with a
// key claims it here, in the add's transaction, with what it did; a repeat of that key on the
// same cart (a retry by the balancer or the browser) finds the claim and changes nothing. A claim
// is kept a day (pruned by the worker's housekeeping), long past any retry.
export const name = "cart-add-requests";

export const sql = /* sql */ `
CREATE TABLE cart_add_requests (
  cart_id        integer NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  request_key    text NOT NULL,
  sku_code       text NOT NULL,
  requested      integer NOT NULL,
  added          integer NOT NULL,
  stock_on_hand  integer NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cart_id, request_key)
);
CREATE INDEX cart_add_requests_created_idx ON cart_add_requests (created_at);
`;
