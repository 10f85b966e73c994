// A login ends when the credentials behind it change (decision 75): every token carries the
// user's token version, which a password change or reset, a role change or a disable raises,
// so the next request with an older token is refused.
export const name = "token-version";

export const sql = /* sql */ `
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;
`;
