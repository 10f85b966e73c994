// Orders as a test needs them before it opens a page: placed the way checkout places them.
import { Product, ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { Cart } from "@trade-shop/contracts/cart";
import { Order } from "@trade-shop/contracts/orders";
import { buildCreateOrder } from "../../apps/web/src/features/orders/create-order";
import { callApi } from "./api";

/** In-stock products of a category the login can buy (no liquor), with more than `minStock` each. */
export async function productsInStock(baseUrl: string, token: string, category = "Chips", minStock = 5) {
  const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
    token,
    body: { pageNumber: 1, resultsPerPage: 12, inStockOnly: true, categoryFilter: category },
    answer: ProductSearchResult,
  });
  return search.skuResults.filter((p) => !p.isLiquor && p.stockOnHand > minStock);
}

/** Places an order of `quantity` packs of an in-stock chips product the way checkout does; with the product. */
export async function placeOrder(baseUrl: string, token: string, quantity = 1) {
  const product = (await productsInStock(baseUrl, token))[0]!;
  await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
    token,
    body: { skuCode: product.skuCode, quantity },
  });
  const cart = await callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
  const order = await callApi(baseUrl, "POST", "/api/Order", {
    token,
    answer: Order,
    // The command checkout builds from the cart it shows.
    body: buildCreateOrder(cart, { homeDelivery: true, reference: "" }, new Date()),
  });
  return { order, product };
}

/** What the warehouse of the login's account holds of a product now. */
export const stockOf = async (baseUrl: string, token: string, skuCode: string) =>
  (
    await callApi(baseUrl, "POST", "/api/Product/GetProductBySkuCode", {
      token,
      body: { skuCode },
      answer: Product,
    })
  ).stockOnHand;
