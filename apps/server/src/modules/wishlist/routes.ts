// /api/Wishlist: thin handlers over wishlist.ts, answering with the whole re-priced wishlist.
import type { FastifyInstance } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { AppDeps } from "../../app-deps";
import { handle } from "../../http/route";
import { customerOfRequest } from "../accounts";
import { addToWishlist, clearWishlist, getWishlist, removeFromWishlist } from "./wishlist";

export function wishlistRoutes(app: FastifyInstance, { database: { db } }: AppDeps) {
  handle(app, api.wishlist.getUserWishlist, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return getWishlist(db, customer, principal.userId);
  });
  handle(app, api.wishlist.addItem, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return addToWishlist(db, customer, principal.userId, request.body);
  });
  handle(app, api.wishlist.removeItem, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return removeFromWishlist(db, customer, principal.userId, request.body.skuCode);
  });
  handle(app, api.wishlist.clear, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    await clearWishlist(db, customer, principal.userId);
    return { success: true, message: "Your wishlist is empty.", title: "Wishlist cleared" };
  });
}
