// Buying: a customer account may have several logins (the owner and a manager,
// say) created by an admin, so the one-user-per-account index becomes a lookup index.
// Self-registration still refuses an account that already has a user (identity module).
export const name = "buying";

export const sql = /* sql */ `
DROP INDEX users_customer_idx;
CREATE INDEX users_customer_idx ON users (customer_id) WHERE customer_id IS NOT NULL;
`;
