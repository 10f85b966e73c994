// Every product's barcode as GTIN-14, so a scan or a typed EAN-13, UPC-A, EAN-8 or
// GTIN-14 finds it by one index lookup. Filled from the supplier's extended data where there
// is one; the demo data gives every product its own.
export const name = "product-barcodes";

export const sql = /* sql */ `
ALTER TABLE products ADD COLUMN gtin text CHECK (gtin ~ '^[0-9]{14}$');
UPDATE products p SET gtin = lpad(e.data->>'primaryGTIN', 14, '0')
  FROM product_extended_data e
 WHERE e.sku_code = p.sku_code AND e.data->>'primaryGTIN' ~ '^([0-9]{8}|[0-9]{12,14})$'
   AND NOT EXISTS (SELECT 1 FROM product_extended_data o
                    WHERE o.sku_code <> e.sku_code AND o.data->>'primaryGTIN' = e.data->>'primaryGTIN');
CREATE UNIQUE INDEX products_gtin_idx ON products (gtin) WHERE gtin IS NOT NULL;
`;
