// Identity and messaging: the reports a user may open, lookup indexes for PINs and
// reset links, and which outbox message each sent message came from (so a retried send is
// recorded once) and how it went out.
export const name = "identity";

export const sql = /* sql */ `
ALTER TABLE users ADD COLUMN reports text[] NOT NULL DEFAULT '{}';

CREATE INDEX otp_requests_customer_idx ON otp_requests (customer_id) WHERE used_at IS NULL;
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at DESC);

ALTER TABLE sent_messages
  ADD COLUMN outbox_id bigint UNIQUE REFERENCES outbox(id) ON DELETE SET NULL,
  ADD COLUMN delivery text NOT NULL DEFAULT 'recorded' CHECK (delivery IN ('smtp', 'http', 'recorded'));
CREATE INDEX sent_messages_sent_at_idx ON sent_messages (sent_at DESC, id DESC);
`;
