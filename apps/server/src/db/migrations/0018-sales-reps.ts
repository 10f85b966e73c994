// Sales reps: a Rep shops as a customer account an admin assigned to them. The
// assignments are rep_accounts; a cart or wishlist belongs to a login *and* the account it buys
// for, so a rep's cart for one account can never become another's order (decision 127).
export const name = "sales-reps";

export const sql = /* sql */ `
-- A shop that already has its roles gains Rep; an empty one gets every role from its seed.
INSERT INTO roles (name, description)
SELECT 'Rep', 'Sales rep: chooses a customer account assigned to them and orders as that account'
 WHERE EXISTS (SELECT 1 FROM roles)
ON CONFLICT (name) DO NOTHING;

CREATE TABLE rep_accounts (
  tenant_id    text NOT NULL REFERENCES tenants(id),
  rep_user_id  integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  customer_id  integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  assigned_by  text NOT NULL,
  assigned_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rep_user_id, customer_id)
);
CREATE INDEX rep_accounts_customer_idx ON rep_accounts (customer_id);

-- The account a list buys for. Existing lists are their user's own account's; a list whose
-- user has no account in its tenant keeps NULL and is never opened again.
ALTER TABLE carts ADD COLUMN customer_id integer REFERENCES customers(id) ON DELETE CASCADE;
ALTER TABLE wishlists ADD COLUMN customer_id integer REFERENCES customers(id) ON DELETE CASCADE;
UPDATE carts SET customer_id = c.id
  FROM users u JOIN customers c ON c.id = u.customer_id
 WHERE u.id = carts.user_id AND c.tenant_id = carts.tenant_id;
UPDATE wishlists SET customer_id = c.id
  FROM users u JOIN customers c ON c.id = u.customer_id
 WHERE u.id = wishlists.user_id AND c.tenant_id = wishlists.tenant_id;
ALTER TABLE carts DROP CONSTRAINT carts_tenant_id_user_id_key;
ALTER TABLE wishlists DROP CONSTRAINT wishlists_tenant_id_user_id_key;
ALTER TABLE carts ADD CONSTRAINT carts_owner_key UNIQUE (tenant_id, user_id, customer_id);
ALTER TABLE wishlists ADD CONSTRAINT wishlists_owner_key UNIQUE (tenant_id, user_id, customer_id);
`;
