// /api/Cart: thin handlers over cart.ts. Every answer is the whole re-priced cart, so the
// web replaces its copy with each answer (docs/behaviour.md Cart).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { AppDeps } from "../../app-deps";
import type { CatalogueServices } from "../catalogue";
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKey } from "@trade-shop/contracts/cart";
import { DomainError } from "../../core/domain-error";
import { handle } from "../../http/route";
import { customerOfRequest } from "../accounts";
import { quickOrderRoutes } from "@trade-shop/contracts/quick-order";
import { addToCart, clearCart, getCart, removeFromCart } from "./cart";
import { addItemsToCart, previewQuickOrder } from "./quick-order";

export function cartRoutes(
  app: FastifyInstance,
  { database: { db } }: AppDeps,
  { searchLines }: Pick<CatalogueServices, "searchLines">,
) {
  handle(app, api.cart.getUserCart, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return getCart(db, customer, principal.userId);
  });
  handle(app, api.cart.addItem, async (request) => {
    const requestKey = idempotencyKey(request);
    const { customer, principal } = await customerOfRequest(db, request);
    return addToCart(db, customer, principal.userId, request.body, requestKey);
  });
  handle(app, api.cart.removeItem, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return removeFromCart(db, customer, principal.userId, request.body);
  });
  handle(app, api.cart.clear, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    await clearCart(db, customer, principal.userId);
    return { success: true, message: "Your cart is empty.", title: "Cart cleared" };
  });
  handle(app, quickOrderRoutes.preview, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return previewQuickOrder(db, customer, principal.userId, request.body, searchLines);
  });
  handle(app, quickOrderRoutes.addItems, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return addItemsToCart(db, customer, principal.userId, request.body);
  });
}

/** The add's Idempotency-Key header (decision 159), when sent; a malformed one is refused. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const parsed = IdempotencyKey.safeParse(Array.isArray(raw) ? raw.join(",") : raw);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "The Idempotency-Key header is not valid.";
  throw new DomainError("validation", message, { errors: { [IDEMPOTENCY_KEY_HEADER]: [message] } });
}
