// Statements and liquor licences: the invoices, credit notes and payments the back
// office reports per customer account (the debtors' ledger the statement is drawn from), each
// account's payment terms, and its liquor licence as the back office holds it.
export const name = "account-documents";

export const sql = /* sql */ `
-- One row per document the back office reports; amounts are positive, kind gives the sign
-- (an invoice raises the balance, a credit note or payment lowers it). customers.dc_balance_cents
-- moves in the same transaction as each insert, so it always equals the ledger's sum.
CREATE TABLE account_documents (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id        integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  kind               text NOT NULL CHECK (kind IN ('invoice', 'credit_note', 'payment')),
  reference          text NOT NULL CHECK (length(reference) BETWEEN 1 AND 40),
  document_date      timestamptz NOT NULL,
  -- Invoices only: the day payment falls due on the account's terms.
  due_date           date,
  amount_cents       bigint NOT NULL CHECK (amount_cents > 0),
  -- A payment or credit note the back office allocated to one invoice; unallocated ones settle
  -- the oldest invoices first.
  allocated_to       text,
  order_id           integer REFERENCES orders(id) ON DELETE SET NULL,
  description        text,
  CHECK ((kind = 'invoice') = (due_date IS NOT NULL)),
  UNIQUE (customer_id, kind, reference)
);
CREATE INDEX account_documents_customer_date_idx ON account_documents (customer_id, document_date, id);
CREATE INDEX account_documents_order_idx ON account_documents (order_id) WHERE order_id IS NOT NULL;

ALTER TABLE customers
  ADD COLUMN payment_terms_days integer NOT NULL DEFAULT 30 CHECK (payment_terms_days BETWEEN 0 AND 180),
  ADD COLUMN liquor_licence_number text,
  ADD COLUMN liquor_licence_expires_on date,
  -- The expiry date the 30-day notice was e-mailed for, so it goes once per licence.
  ADD COLUMN liquor_licence_notice_for date;
`;
