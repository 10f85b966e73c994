// Each account's ledger summed by month (decision 158), so a statement reads its opening balance
// from a few dozen month rows and then only its own month's documents, however long the
// account's history. The sums are kept by triggers on account_documents, in the transaction of
// every write whatever module makes it (payments, back-office callbacks, the simulator, the demo
// data): a document dated into a past month changes that month's row, and every later month's
// opening balance with it, because an opening is the sum of the months before it.
export const name = "ledger-months";

export const sql = /* sql */ `
-- The month of a document as the statement counts it: the calendar month in Johannesburg
-- (UTC+2 all year, as modules/accounts/statement.ts's monthBounds).
CREATE FUNCTION ledger_month(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('month', (at AT TIME ZONE 'UTC') + interval '2 hours')::date
$$;

CREATE TABLE account_ledger_months (
  customer_id    integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  -- The month's first day.
  month          date NOT NULL,
  -- Invoices raise the balance; credit notes and payments lower it.
  debits_cents   bigint NOT NULL,
  credits_cents  bigint NOT NULL,
  documents      integer NOT NULL,
  PRIMARY KEY (customer_id, month)
);

CREATE FUNCTION account_ledger_months_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE account_ledger_months m
       SET debits_cents = m.debits_cents - r.debits_cents,
           credits_cents = m.credits_cents - r.credits_cents,
           documents = m.documents - r.documents
      FROM (SELECT customer_id, ledger_month(document_date) AS month,
                   sum(CASE WHEN kind = 'invoice' THEN amount_cents ELSE 0 END) AS debits_cents,
                   sum(CASE WHEN kind = 'invoice' THEN 0 ELSE amount_cents END) AS credits_cents,
                   count(*) AS documents
              FROM removed GROUP BY 1, 2) r
     WHERE m.customer_id = r.customer_id AND m.month = r.month;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO account_ledger_months AS m (customer_id, month, debits_cents, credits_cents, documents)
    SELECT customer_id, ledger_month(document_date),
           sum(CASE WHEN kind = 'invoice' THEN amount_cents ELSE 0 END),
           sum(CASE WHEN kind = 'invoice' THEN 0 ELSE amount_cents END),
           count(*)
      FROM added GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (customer_id, month) DO UPDATE
       SET debits_cents = m.debits_cents + excluded.debits_cents,
           credits_cents = m.credits_cents + excluded.credits_cents,
           documents = m.documents + excluded.documents;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER account_ledger_months_insert AFTER INSERT ON account_documents
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION account_ledger_months_keep();
CREATE TRIGGER account_ledger_months_update AFTER UPDATE ON account_documents
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION account_ledger_months_keep();
CREATE TRIGGER account_ledger_months_delete AFTER DELETE ON account_documents
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION account_ledger_months_keep();

INSERT INTO account_ledger_months (customer_id, month, debits_cents, credits_cents, documents)
SELECT customer_id, ledger_month(document_date),
       sum(CASE WHEN kind = 'invoice' THEN amount_cents ELSE 0 END),
       sum(CASE WHEN kind = 'invoice' THEN 0 ELSE amount_cents END),
       count(*)
  FROM account_documents GROUP BY 1, 2;

-- Used by: the statement's ageing, which walks the invoices newest due date first only until
-- they cover the balance.
CREATE INDEX account_documents_invoices_due_idx ON account_documents (customer_id, due_date DESC, id DESC)
  INCLUDE (reference, document_date, amount_cents) WHERE kind = 'invoice';
-- Used by: what was paid or credited against one invoice.
CREATE INDEX account_documents_allocated_idx ON account_documents (customer_id, allocated_to)
  INCLUDE (document_date, amount_cents) WHERE allocated_to IS NOT NULL AND kind <> 'invoice';
`;
