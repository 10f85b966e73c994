// Unit price and margin (docs/rules.md): a product's recommended selling price per unit incl.
// VAT as the back office gives it (null where it gives none), and each tenant's choice whether
// its customers see shelf prices and margins at all (shown unless turned off). A product's
// shelf price is a products column, so the search cache already hears it change; turning a
// tenant's margins on or off tells the cache too, as kept pages carry them.
export const name = "shelf-prices";

export const sql = /* sql */ `
ALTER TABLE products ADD COLUMN shelf_price_cents bigint CHECK (shelf_price_cents > 0);
ALTER TABLE tenants ADD COLUMN show_margins boolean NOT NULL DEFAULT true;
CREATE TRIGGER tenants_search_changed AFTER UPDATE OF show_margins ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_changed('catalogue');
`;
