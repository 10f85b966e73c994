// Handled outbox messages are deleted after a while (decision 64): an index over just those
// rows, by when they were handled, so the hourly prune does not read the whole queue.
export const name = "outbox-pruning";

export const sql = /* sql */ `
CREATE INDEX outbox_done_idx ON outbox (processed_at) WHERE status = 'done';
`;
