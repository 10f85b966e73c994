// Changing an order's lines before the back office has it (docs/rules.md "Changing an order"):
// when they were last changed and by whom. The time is also the change's version: a change
// names the one it was made on, so a stale screen cannot overwrite a newer change.
export const name = "change-orders";

export const sql = /* sql */ `
ALTER TABLE orders
  ADD COLUMN lines_changed_at timestamptz,
  ADD COLUMN lines_changed_by integer REFERENCES users (id) ON DELETE SET NULL;
`;
