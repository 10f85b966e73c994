// Several users per customer account: each account user has a role on the account,
// Owner (the first, who manages the others), Buyer or Viewer, and may have an order limit. An
// order over the limit waits for the owner's approval with its stock and credit held; who
// decided what, and when, is kept on the order and in its status history.
export const name = "account-buyers";

export const sql = /* sql */ `
-- Users that self-register or are created by an admin stay their account's Owner, and an account
-- has at most one: the same 409 as the one-user-per-account index gave before. Invited users are
-- Buyers or Viewers. Staff rows carry the default and no customer, so it means nothing for them.
ALTER TABLE users
  ADD COLUMN account_role text NOT NULL DEFAULT 'Owner' CHECK (account_role IN ('Owner', 'Buyer', 'Viewer')),
  -- Orders above it (incl. VAT) wait for the owner's approval; null: no limit.
  ADD COLUMN order_limit_cents bigint CHECK (order_limit_cents >= 0);
DROP INDEX users_customer_idx;
CREATE UNIQUE INDEX users_customer_owner_idx ON users (customer_id) WHERE customer_id IS NOT NULL AND account_role = 'Owner';
CREATE INDEX users_customer_idx ON users (customer_id) WHERE customer_id IS NOT NULL;

-- An owner's invitation: only the SHA-256 of the link's token is kept. One open invitation per
-- address and account; inviting the address again replaces it.
CREATE TABLE account_invitations (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id         integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  token_hash          text NOT NULL UNIQUE,
  email               text NOT NULL,
  firstname           text NOT NULL,
  lastname            text NOT NULL,
  account_role        text NOT NULL CHECK (account_role IN ('Buyer', 'Viewer')),
  order_limit_cents   bigint CHECK (order_limit_cents >= 0),
  invited_by          integer NOT NULL REFERENCES users(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  expires_at          timestamptz NOT NULL,
  accepted_at         timestamptz,
  accepted_user_id    integer REFERENCES users(id),
  revoked_at          timestamptz
);
CREATE UNIQUE INDEX account_invitations_open_idx ON account_invitations (customer_id, lower(email))
  WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- 'Awaiting approval' comes before the back office's states: such an order is not handed off.
ALTER TABLE orders DROP CONSTRAINT orders_current_pastel_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_current_pastel_status_check CHECK (current_pastel_status IN
  ('Awaiting approval','Pending','Submitted','Picking','Invoiced','Dispatched','Delivered','On Hold','Rejected'));
ALTER TABLE orders
  -- When an order awaiting approval is rejected by itself and its stock released.
  ADD COLUMN approval_due_at timestamptz,
  ADD COLUMN decided_by integer REFERENCES users(id),
  ADD COLUMN decided_at timestamptz;
CREATE INDEX orders_awaiting_approval_idx ON orders (approval_due_at) WHERE current_pastel_status = 'Awaiting approval';
CREATE INDEX orders_user_idx ON orders (tenant_id, customer_id, user_id);

-- Who made a change the shop made (an approval, a rejection); null for the back office's reports.
ALTER TABLE order_status_history ADD COLUMN changed_by integer REFERENCES users(id);
`;
