// The outbox worker at scale (decision 79): a claim names the worker that holds it, so a live
// worker can renew its own leases (heartbeat) and give them back when it stops; a message may
// carry an ordering key, and only the oldest pending message of a key can be claimed, so
// messages of one key are handled one after another while different keys run concurrently.
export const name = "outbox-leases";

export const sql = /* sql */ `
ALTER TABLE outbox ADD COLUMN claimed_by text;
ALTER TABLE outbox ADD COLUMN ordering_key text;
CREATE INDEX outbox_ordering_idx ON outbox (ordering_key, id) WHERE status = 'pending' AND ordering_key IS NOT NULL;
`;
