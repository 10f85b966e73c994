// Applying for a customer account (docs/applications.md): a trader's application with its
// documents and the messages between staff and the applicant, the PINs that prove the
// applicant's e-mail address, and the secret status links (only their SHA-256 is kept).
// Warehouses get coordinates, so staff are offered the one nearest the applicant's pin; an
// approved application's applicant is invited as the new account's Owner, by staff.
export const name = "applications";

export const sql = /* sql */ `
-- A PIN e-mailed to prove an applicant's address: 6 digits, hashed, 10 minutes and 5 tries, as
-- registration's otp_requests (modules/identity); a new one for the address replaces the last.
CREATE TABLE application_pins (
  pin_key     uuid PRIMARY KEY,
  email       text NOT NULL,
  pin_hash    text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX application_pins_email_idx ON application_pins (email) WHERE used_at IS NULL;

CREATE TABLE account_applications (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id       text NOT NULL REFERENCES tenants(id),
  -- What the applicant quotes: APP- and six characters no one misreads.
  reference       text NOT NULL UNIQUE CHECK (reference ~ '^APP-[0-9A-Z]{6}$'),
  status          text NOT NULL DEFAULT 'New'
                  CHECK (status IN ('New', 'More information needed', 'Approved', 'Declined')),
  -- The contracts' BusinessDetails as the applicant gave them (the e-mail address PIN-checked).
  business        jsonb NOT NULL,
  -- The contracts' CreditRequest without its tick box, with the consent's words and time instead.
  credit          jsonb CHECK (credit IS NULL OR (credit->>'consentText' IS NOT NULL AND credit->>'consentedAt' IS NOT NULL)),
  submitted_at    timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  decided_at      timestamptz,
  decided_by      integer REFERENCES users(id) ON DELETE SET NULL,
  decline_reason  text,
  -- The account made when it was approved.
  customer_id     integer UNIQUE REFERENCES customers(id),
  CHECK ((status IN ('Approved', 'Declined')) = (decided_at IS NOT NULL)),
  CHECK ((status = 'Approved') = (customer_id IS NOT NULL)),
  CHECK ((status = 'Declined') = (decline_reason IS NOT NULL))
);
-- Staff's list: the tenant's undecided ones, oldest first.
CREATE INDEX account_applications_tenant_idx ON account_applications (tenant_id, status, submitted_at);

-- The status links: the SHA-256 of each random token e-mailed to the applicant, never the token.
-- The first comes with the application; each request for more information e-mails a new one.
CREATE TABLE application_status_tokens (
  token_hash      text PRIMARY KEY,
  application_id  integer NOT NULL REFERENCES account_applications(id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_status_tokens_application_idx ON application_status_tokens (application_id);

CREATE TABLE application_documents (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id  integer NOT NULL REFERENCES account_applications(id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('id', 'proof_of_address', 'company_registration', 'liquor_licence')),
  file_name       text NOT NULL,
  -- What the bytes are, read from them; never the type the upload claimed.
  content_type    text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
  file_bytes      bytea NOT NULL,
  uploaded_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_documents_application_idx ON application_documents (application_id, id);

CREATE TABLE application_messages (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id  integer NOT NULL REFERENCES account_applications(id) ON DELETE CASCADE,
  sender          text NOT NULL CHECK (sender IN ('Staff', 'Applicant')),
  -- The staff member who wrote it; null for the applicant.
  staff_user_id   integer REFERENCES users(id) ON DELETE SET NULL,
  text            text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_messages_application_idx ON application_messages (application_id, id);

-- Where each warehouse is, for the one nearest an applicant. The demo's seven are at their towns
-- (the demo data writes them too); any other warehouse gets its coordinates from the back office.
ALTER TABLE warehouses
  ADD COLUMN latitude numeric(9,6) CHECK (latitude BETWEEN -90 AND 90),
  ADD COLUMN longitude numeric(9,6) CHECK (longitude BETWEEN -180 AND 180);
UPDATE warehouses w SET latitude = t.latitude, longitude = t.longitude
  FROM (VALUES
    ('JHB', 'Johannesburg', -26.204103, 28.047305),
    ('PTA', 'Pretoria', -25.747868, 28.229271),
    ('DBN', 'Durban', -29.858680, 31.021840),
    ('CPT', 'Cape Town', -33.924869, 18.424055),
    ('GQB', 'Gqeberha', -33.960837, 25.602242),
    ('BFN', 'Bloemfontein', -29.085214, 26.159576),
    ('PLK', 'Polokwane', -23.904486, 29.468851)
  ) AS t(code, name, latitude, longitude)
 WHERE w.code = t.code AND w.name = t.name;

-- An approved application's applicant is invited as the new account's Owner, by the staff
-- member who approved it (invited_by is any user: an account's owner, or staff).
ALTER TABLE account_invitations DROP CONSTRAINT account_invitations_account_role_check;
ALTER TABLE account_invitations ADD CONSTRAINT account_invitations_account_role_check
  CHECK (account_role IN ('Owner', 'Buyer', 'Viewer'));
`;
