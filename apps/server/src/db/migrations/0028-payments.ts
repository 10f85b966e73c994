// Paying the account (docs/payments.md): online payments through PayFast and the proofs of
// EFT payments customers upload, and orders that wait for the part over credit to be paid.
// A payment that is paid is also an account_documents row of kind 'payment' (reference the
// payment's), written in the same transaction, so the ledger and the balance move together.
export const name = "payments";

export const sql = /* sql */ `
CREATE TABLE payments (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id       text NOT NULL,
  customer_id     integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  -- The shop's reference: PayFast's m_payment_id, the ledger document's reference.
  reference       text NOT NULL UNIQUE CHECK (reference ~ '^PAY-[0-9A-Z]{8,16}$'),
  method          text NOT NULL CHECK (method IN ('PayFast', 'EFT')),
  amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
  -- The order whose part over credit it pays, when it pays one.
  order_id        integer REFERENCES orders(id) ON DELETE SET NULL,
  status          text NOT NULL DEFAULT 'Started' CHECK (status IN ('Started', 'Paid', 'Failed', 'Cancelled')),
  -- PayFast's own id of the payment: one payment is recorded once, however often it notifies.
  gateway_id      text UNIQUE,
  reason          text,
  started_by      integer REFERENCES users(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  paid_at         timestamptz,
  CHECK ((status = 'Paid') = (paid_at IS NOT NULL))
);
CREATE INDEX payments_customer_idx ON payments (customer_id, created_at DESC);
CREATE INDEX payments_order_idx ON payments (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE payment_proofs (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id       text NOT NULL,
  customer_id     integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
  paid_on         date NOT NULL,
  bank_reference  text,
  file_name       text NOT NULL,
  content_type    text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
  file_bytes      bytea NOT NULL,
  status          text NOT NULL DEFAULT 'Submitted' CHECK (status IN ('Submitted', 'Matched', 'Rejected')),
  submitted_by    integer REFERENCES users(id) ON DELETE SET NULL,
  submitted_at    timestamptz NOT NULL DEFAULT now(),
  decided_by      integer REFERENCES users(id) ON DELETE SET NULL,
  decided_at      timestamptz,
  reason          text,
  payment_id      integer REFERENCES payments(id),
  CHECK ((status = 'Submitted') = (decided_at IS NULL))
);
CREATE INDEX payment_proofs_tenant_idx ON payment_proofs (tenant_id, status, submitted_at DESC);
CREATE INDEX payment_proofs_customer_idx ON payment_proofs (customer_id, submitted_at DESC);

-- 'Awaiting payment' comes before the back office's states, as 'Awaiting approval' does.
ALTER TABLE orders DROP CONSTRAINT orders_current_pastel_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_current_pastel_status_check CHECK (current_pastel_status IN
  ('Awaiting approval','Awaiting payment','Pending','Submitted','Picking','Invoiced','Dispatched','Delivered','On Hold','Rejected','Cancelled'));
-- Awaiting payment: until when its stock is held, and the part over credit it waits for.
ALTER TABLE orders ADD COLUMN payment_due_at timestamptz, ADD COLUMN payment_due_cents bigint CHECK (payment_due_cents > 0);
CREATE INDEX orders_awaiting_payment_idx ON orders (payment_due_at) WHERE current_pastel_status = 'Awaiting payment';
`;
