// The initial schema: every entity of docs/data.md, tenant-scoped where docs/rules.md says so.
// Money is integer cents (bigint); quantities are packs; times are timestamptz.
export const name = "initial";

export const sql = /* sql */ `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE tenants (
  id          text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{2,40}$'),
  name        text NOT NULL,
  enabled     boolean NOT NULL DEFAULT true
);

CREATE TABLE roles (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  enabled     boolean NOT NULL DEFAULT true
);

CREATE TABLE warehouses (
  code        text PRIMARY KEY,
  name        text NOT NULL,
  region      text NOT NULL
);

-- Catalogue: shared by all tenants; what a tenant charges lives in its price lists.
CREATE TABLE brands (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  image_url   text
);

CREATE TABLE products (
  sku_code          text PRIMARY KEY,
  category          text NOT NULL,
  sub_category      text,
  sub_category2     text,
  sub_category3     text,
  brand_id          integer NOT NULL REFERENCES brands(id),
  description       text NOT NULL,
  pack_size         text NOT NULL,
  capacity          text,
  rt_category       text,
  is_liquor         boolean NOT NULL DEFAULT false,
  is_new            boolean NOT NULL DEFAULT false,
  is_featured       boolean NOT NULL DEFAULT false,
  vat_rate          numeric(5,2) NOT NULL DEFAULT 15 CHECK (vat_rate >= 0 AND vat_rate < 100),
  list_price_cents  bigint NOT NULL CHECK (list_price_cents >= 0),
  active            boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_category_idx ON products (category, sub_category, sub_category2, sub_category3);
CREATE INDEX products_brand_idx ON products (brand_id);
CREATE INDEX products_description_trgm_idx ON products USING gin (description gin_trgm_ops);

-- About 80 descriptive fields that are only ever shown, never filtered on: one jsonb
-- document validated by the contracts' ProductExtendedData schema.
CREATE TABLE product_extended_data (
  sku_code    text PRIMARY KEY REFERENCES products(sku_code) ON DELETE CASCADE,
  data        jsonb NOT NULL
);

-- Images live in the database so every server process sees the same ones; resized
-- variants are a cache on local disk keyed by content hash.
CREATE TABLE product_images (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sku_code      text NOT NULL REFERENCES products(sku_code) ON DELETE CASCADE,
  position      integer NOT NULL CHECK (position >= 0),
  is_cover      boolean NOT NULL DEFAULT false,
  content_hash  text NOT NULL,
  mime_type     text NOT NULL,
  width         integer,
  height        integer,
  data          bytea,
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    text,
  UNIQUE (sku_code, position)
);
CREATE UNIQUE INDEX product_images_one_cover_idx ON product_images (sku_code) WHERE is_cover;

CREATE TABLE stock (
  sku_code        text NOT NULL REFERENCES products(sku_code) ON DELETE CASCADE,
  warehouse_code  text NOT NULL REFERENCES warehouses(code),
  on_hand         integer NOT NULL CHECK (on_hand >= 0),
  PRIMARY KEY (warehouse_code, sku_code)
);

CREATE TABLE price_lists (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id   text NOT NULL REFERENCES tenants(id),
  name        text NOT NULL,
  UNIQUE (tenant_id, name)
);

CREATE TABLE price_list_prices (
  price_list_id     integer NOT NULL REFERENCES price_lists(id) ON DELETE CASCADE,
  sku_code          text NOT NULL REFERENCES products(sku_code) ON DELETE CASCADE,
  list_price_cents  bigint NOT NULL CHECK (list_price_cents >= 0),
  PRIMARY KEY (price_list_id, sku_code)
);

-- A deal: from min_quantity packs up, the deal price replaces the list price.
CREATE TABLE deals (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id         text NOT NULL REFERENCES tenants(id),
  deal_reference    text NOT NULL,
  sku_code          text NOT NULL REFERENCES products(sku_code) ON DELETE CASCADE,
  description       text NOT NULL,
  min_quantity      integer NOT NULL CHECK (min_quantity >= 1),
  discount_percent  numeric(5,2) NOT NULL CHECK (discount_percent > 0 AND discount_percent < 100),
  starts_at         timestamptz NOT NULL,
  ends_at           timestamptz NOT NULL,
  UNIQUE (tenant_id, deal_reference),
  CHECK (ends_at > starts_at)
);
CREATE INDEX deals_sku_idx ON deals (tenant_id, sku_code, ends_at);

CREATE TABLE customers (
  id                        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id                 text NOT NULL REFERENCES tenants(id),
  account_id                text NOT NULL,
  name                      text NOT NULL,
  grouping1                 text,
  grouping2                 text,
  grouping3                 text,
  address1                  text,
  address2                  text,
  address3                  text,
  address4                  text,
  address5                  text,
  address_pc                text,
  latitude                  numeric(9,6),
  longitude                 numeric(9,6),
  pastel_customer_id        text,
  contact_name              text,
  contact_telephone1        text,
  contact_telephone2        text,
  contact_cellphone         text,
  contact_email             text,
  tax_number                text,
  registration_number       text,
  nominated_delivery_date   text,
  nominated_order_date      text,
  channel_group             text,
  channel_sub_group         text,
  main_warehouse_code       text REFERENCES warehouses(code),
  pricelist_id              integer NOT NULL REFERENCES price_lists(id),
  active                    boolean NOT NULL DEFAULT true,
  vendor_number             text,
  rep_code                  text,
  is_liquor_customer        boolean NOT NULL DEFAULT false,
  stocking_warehouse_code   text NOT NULL REFERENCES warehouses(code),
  delivery_method           text NOT NULL DEFAULT 'Delivery',
  credit_limit_cents        bigint NOT NULL DEFAULT 0 CHECK (credit_limit_cents >= 0),
  dc_balance_cents          bigint NOT NULL DEFAULT 0,
  UNIQUE (tenant_id, account_id)
);
CREATE INDEX customers_email_idx ON customers (lower(contact_email));

CREATE TABLE customer_addresses (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  label         text NOT NULL,
  address1      text NOT NULL,
  address2      text,
  address3      text,
  address4      text,
  address5      text,
  address_pc    text,
  is_default    boolean NOT NULL DEFAULT false
);
CREATE INDEX customer_addresses_customer_idx ON customer_addresses (customer_id);

-- Identity
CREATE TABLE users (
  id                              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username                        text NOT NULL,
  firstname                       text NOT NULL,
  lastname                        text NOT NULL,
  email                           text NOT NULL,
  password_hash                   text,
  reset_password_on_next_login    boolean NOT NULL DEFAULT false,
  is_active_directory_user        boolean NOT NULL DEFAULT false,
  failed_login_attempts           integer NOT NULL DEFAULT 0,
  lockout_expiry_date             timestamptz,
  is_active                       boolean NOT NULL DEFAULT true,
  customer_id                     integer REFERENCES customers(id),
  created_by                      text NOT NULL DEFAULT 'system',
  created_date                    timestamptz NOT NULL DEFAULT now(),
  last_modified_by                text,
  last_modified_date              timestamptz
);
CREATE UNIQUE INDEX users_username_idx ON users (lower(username));
CREATE UNIQUE INDEX users_email_idx ON users (lower(email));
CREATE UNIQUE INDEX users_customer_idx ON users (customer_id) WHERE customer_id IS NOT NULL;

CREATE TABLE user_roles (
  user_id   integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_id   integer NOT NULL REFERENCES roles(id),
  PRIMARY KEY (user_id, role_id)
);

CREATE TABLE user_tenants (
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tenant_id   text NOT NULL REFERENCES tenants(id),
  PRIMARY KEY (user_id, tenant_id)
);

CREATE TABLE otp_requests (
  otp_key       uuid PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  email         text NOT NULL,
  pin_hash      text NOT NULL,
  attempts      integer NOT NULL DEFAULT 0,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE password_resets (
  token_hash    text PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Shopping: one cart and one wishlist per user per tenant. The cart's order_reference is
-- the idempotency key of the order it becomes; a new one is issued when it does.
CREATE TABLE carts (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id         text NOT NULL REFERENCES tenants(id),
  user_id           integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  order_reference   uuid NOT NULL UNIQUE,
  created_date      timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, user_id)
);

CREATE TABLE cart_items (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cart_id         integer NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  sku_code        text NOT NULL REFERENCES products(sku_code),
  quantity        integer NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
  deal_reference  text,
  added_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, sku_code)
);

CREATE TABLE wishlists (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id         text NOT NULL REFERENCES tenants(id),
  user_id           integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_date      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, user_id)
);

CREATE TABLE wishlist_items (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  wishlist_id     integer NOT NULL REFERENCES wishlists(id) ON DELETE CASCADE,
  sku_code        text NOT NULL REFERENCES products(sku_code),
  quantity        integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 9999),
  deal_reference  text,
  added_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (wishlist_id, sku_code)
);

-- Orders: (tenant_id, order_reference) is the idempotency key of order placement.
CREATE TABLE orders (
  id                          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id                   text NOT NULL REFERENCES tenants(id),
  order_id                    text NOT NULL UNIQUE,
  customer_id                 integer NOT NULL REFERENCES customers(id),
  user_id                     integer REFERENCES users(id),
  order_reference             uuid NOT NULL,
  supplied_id                 text,
  account_name                text NOT NULL,
  vat_number                  text,
  email                       text,
  mobile_number               text,
  address1                    text,
  address2                    text,
  address3                    text,
  address4                    text,
  address5                    text,
  address6                    text,
  home_delivery               boolean NOT NULL DEFAULT true,
  order_type                  text NOT NULL DEFAULT 'Web',
  shipment_method             text NOT NULL DEFAULT 'Delivery',
  order_source                text NOT NULL DEFAULT 'TradeShop',
  discount_cents              bigint NOT NULL DEFAULT 0,
  total_excl_cents            bigint NOT NULL CHECK (total_excl_cents >= 0),
  total_incl_cents            bigint NOT NULL CHECK (total_incl_cents >= 0),
  apply_liqour_check          boolean NOT NULL DEFAULT false,
  liquor_check                boolean NOT NULL DEFAULT false,
  creditcheck_override        boolean NOT NULL DEFAULT false,
  rep_code                    text,
  vendor_number               text,
  brand                       text,
  payment_id                  text,
  payfast_payment_id          text,
  current_pastel_status       text NOT NULL DEFAULT 'Pending',
  pastel_status_reason        text,
  last_pastel_status_update   timestamptz NOT NULL DEFAULT now(),
  created_by                  text NOT NULL,
  created_date                timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, order_reference),
  CHECK (current_pastel_status IN ('Pending','Submitted','Picking','Invoiced','Dispatched','Delivered','On Hold','Rejected'))
);
CREATE INDEX orders_customer_idx ON orders (tenant_id, customer_id, created_date DESC);
CREATE INDEX orders_status_idx ON orders (current_pastel_status) WHERE current_pastel_status NOT IN ('Delivered','Rejected');

CREATE TABLE order_lines (
  order_id                    integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  line_number                 integer NOT NULL,
  sku_code                    text NOT NULL REFERENCES products(sku_code),
  product_description         text NOT NULL,
  quantity                    integer NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
  vat_rate                    numeric(5,2) NOT NULL,
  list_price_excl_cents       bigint NOT NULL,
  unit_price_excl_cents       bigint NOT NULL,
  total_excl_cents            bigint NOT NULL,
  total_incl_cents            bigint NOT NULL,
  warehouse_code              text NOT NULL REFERENCES warehouses(code),
  deal_reference              text,
  deal_description            text,
  deal_percent                numeric(5,2),
  category                    text,
  rt_category                 text,
  assigned_discount           bigint NOT NULL DEFAULT 0,
  price_manipulated           boolean NOT NULL DEFAULT false,
  price_manipulation_reason   text,
  locked_warehouse            boolean NOT NULL DEFAULT false,
  trade_percent               numeric(5,2),
  pastel_sales_order_number   text,
  pastel_invoice_number       text,
  PRIMARY KEY (order_id, line_number)
);
CREATE INDEX order_lines_sku_idx ON order_lines (sku_code);

CREATE TABLE order_status_history (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  status      text NOT NULL,
  reason      text,
  changed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, changed_at);

-- Transactional outbox: written in the same transaction as the business change, claimed
-- with FOR UPDATE SKIP LOCKED, retried with backoff, parked after too many failures.
CREATE TABLE outbox (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  topic             text NOT NULL,
  idempotency_key   text NOT NULL UNIQUE,
  payload           jsonb NOT NULL,
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','done','parked')),
  attempts          integer NOT NULL DEFAULT 0,
  available_at      timestamptz NOT NULL DEFAULT now(),
  last_error        text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  processed_at      timestamptz
);
CREATE INDEX outbox_due_idx ON outbox (available_at) WHERE status = 'pending';

-- What the shop "sent": a copy of every e-mail and SMS, readable at /dev/mailbox in demo mode.
CREATE TABLE sent_messages (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('email','sms')),
  recipient   text NOT NULL,
  subject     text,
  body        text NOT NULL,
  sent_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE enquiries (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name              text NOT NULL,
  email             text NOT NULL,
  phone             text,
  customer_account  text,
  message           text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now()
);

-- Demo data and other one-off facts about this database.
CREATE TABLE app_settings (
  key     text PRIMARY KEY,
  value   jsonb NOT NULL
);
`;
