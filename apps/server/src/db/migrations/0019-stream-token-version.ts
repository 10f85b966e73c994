// A real-time stream belongs to one version of a login: the ticket that opens it keeps the
// login's token version, and the stream ends when the version moves on (a password reset, a
// role change), as every request of that login does. Tickets live a minute; one made before
// this migration counts as version 0 and opens no stream, and the page asks for another.
export const name = "stream-token-version";

export const sql = /* sql */ `
ALTER TABLE realtime_tickets ADD COLUMN token_version integer NOT NULL DEFAULT 0;
`;
