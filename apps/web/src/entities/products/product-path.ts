// The address of a product's page; the URL holds only its SKU code.
export function productPath(skuCode: string): string {
  return `/products/${encodeURIComponent(skuCode)}`;
}
