// The head office's details live in the contracts: the server prints them on statements and invoices.
export { shopDetails } from "@trade-shop/contracts/shop-details";
