// The delivery day (decision 149): each warehouse's cut-off on the order day, the day an order
// was promised for when it was placed, and who signed for a delivery when the back office says.
export const name = "delivery-day";

export const sql = /* sql */ `
ALTER TABLE warehouses
  ADD COLUMN order_cutoff_minutes smallint NOT NULL DEFAULT 840
    CHECK (order_cutoff_minutes BETWEEN 0 AND 1439);
ALTER TABLE orders ADD COLUMN expected_delivery_date date;
ALTER TABLE order_status_history ADD COLUMN signed_by text;
`;
