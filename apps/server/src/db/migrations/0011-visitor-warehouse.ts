// Visitors and staff see one warehouse's stock, as a customer does, not the sum over all
// warehouses (decision 98): the warehouse marked here, else the first by code. A shop that
// already has customers marks the warehouse that supplies most of them; the demo data marks
// Johannesburg.
export const name = "visitor-warehouse";

export const sql = /* sql */ `
ALTER TABLE warehouses ADD COLUMN shown_to_visitors boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX warehouses_one_shown_to_visitors ON warehouses ((true)) WHERE shown_to_visitors;
UPDATE warehouses SET shown_to_visitors = true
 WHERE code = (SELECT stocking_warehouse_code FROM customers WHERE active
                GROUP BY stocking_warehouse_code ORDER BY count(*) DESC, stocking_warehouse_code LIMIT 1);
`;
