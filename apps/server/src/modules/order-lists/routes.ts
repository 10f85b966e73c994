// /api/OrderLists: thin handlers over order-lists.ts, every one for the caller's customer account.
import type { FastifyInstance } from "fastify";
import { orderListRoutes as routes } from "@trade-shop/contracts/order-lists";
import type { AppDeps } from "../../app-deps";
import { customerOfRequest } from "../accounts";
import { handle } from "../../http/route";
import {
  addOrderListLines,
  addOrderListToCart,
  createOrderList,
  deleteOrderList,
  getOrderList,
  listOrderLists,
  renameOrderList,
  setOrderListLines,
} from "./order-lists";

export function orderListRoutes(app: FastifyInstance, { database: { db } }: AppDeps) {
  const customerOf = async (request: Parameters<typeof customerOfRequest>[1]) =>
    (await customerOfRequest(db, request)).customer;
  handle(app, routes.list, async (request) => listOrderLists(db, await customerOf(request)));
  handle(app, routes.get, async (request) => getOrderList(db, await customerOf(request), request.params.id));
  handle(app, routes.create, async (request) => createOrderList(db, await customerOf(request), request.body));
  handle(app, routes.rename, async (request) =>
    renameOrderList(db, await customerOf(request), request.params.id, request.body.name),
  );
  handle(app, routes.setLines, async (request) =>
    setOrderListLines(db, await customerOf(request), request.params.id, request.body.lines),
  );
  handle(app, routes.addLines, async (request) =>
    addOrderListLines(db, await customerOf(request), request.params.id, request.body.lines),
  );
  handle(app, routes.remove, async (request) =>
    deleteOrderList(db, await customerOf(request), request.params.id),
  );
  handle(app, routes.addToCart, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return addOrderListToCart(db, customer, principal.userId, request.params.id);
  });
}
