// What every page shows of a product: its picture, its pack and stock texts, the quantity a
// customer types, and its address.
// The front door: features and other entities import these, never the files behind them. The
// product list, in every visitor's first download, imports it, and the build puts every file an
// index re-exports into each download that reaches the index: only what the product list shows
// belongs here.
export { ProductImage } from "./product-image";
export { eachText, formatCount, packText, stockWarehouseNote } from "./product-labels";
export { productPath } from "./product-path";
export { StockStatus } from "./stock-status";
