// Lock-out counters that are not a user's own row (decision 76): a device cookie's failures,
// and those of a name nobody has, so an unknown username is locked out exactly like a known
// one and the answers never tell which names exist.
export const name = "login-lockouts";

export const sql = /* sql */ `
CREATE TABLE login_lockouts (
  key                   text PRIMARY KEY,
  failed_login_attempts integer NOT NULL DEFAULT 0,
  lockout_expiry_date   timestamptz,
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_lockouts_updated_idx ON login_lockouts (updated_at);
`;
