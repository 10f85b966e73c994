// /api/OrderLists: thin handlers over order-lists.ts, every one for the caller's customer account.
import type { FastifyInstance } from "fastify";
import { orderListRoutes as routes } from "@trade-shop/contracts/order-lists";
import type { AppDeps } from "../../app-deps";
import { customerOfRequest, refuseViewer } from "../accounts";
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
  // The account's lists are shared by its people: a Viewer reads them and changes none.
  const changerOf = async (request: Parameters<typeof customerOfRequest>[1]) => {
    const { customer, principal } = await customerOfRequest(db, request);
    await refuseViewer(db, customer, principal.userId);
    return customer;
  };
  handle(app, routes.create, async (request) => createOrderList(db, await changerOf(request), request.body));
  handle(app, routes.rename, async (request) =>
    renameOrderList(db, await changerOf(request), request.params.id, request.body.name),
  );
  handle(app, routes.setLines, async (request) =>
    setOrderListLines(db, await changerOf(request), request.params.id, request.body.lines),
  );
  handle(app, routes.addLines, async (request) =>
    addOrderListLines(db, await changerOf(request), request.params.id, request.body.lines),
  );
  handle(app, routes.remove, async (request) =>
    deleteOrderList(db, await changerOf(request), request.params.id),
  );
  handle(app, routes.addToCart, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return addOrderListToCart(db, customer, principal.userId, request.params.id);
  });
}
