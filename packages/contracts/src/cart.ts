// The cart as the server prices it, and the commands that change it. A line carries the
// product's facts at pricing time so the header dropdown needs no second lookup.
import { z } from "zod";
import { Id, IsoDateTime, optionalText, Quantity, Rand, SkuCode, SuccessEnvelope } from "./common";
import { Product } from "./catalogue";
import type { ApiRoute } from "./http";

export const CartItem = Product.pick({
  listPriceIncl: true,
  listPriceExcl: true,
  stockOnHand: true,
  packSize: true,
  capacity: true,
  discountPercentage: true,
  discountPriceExcl: true,
  discountPriceIncl: true,
  minOrderQuantityDiscount: true,
  dealReference: true,
  isNewProduct: true,
  rtCategory: true,
  imageUrl: true,
  stockingWarehouseCode: true,
  unitPriceIncl: true,
  discountUnitPriceIncl: true,
}).extend({
  id: Id,
  cartId: Id,
  /** The SKU code. */
  productId: SkuCode,
  quantity: Quantity,
  productDescription: z.string(),
  unitPriceExcl: Rand,
  totalPriceExcl: Rand,
  totalPriceIncl: Rand,
  category: z.string(),
  subCategory: z.string().nullable(),
  brand: z.string(),
  /** Rand taken off the line by the deal. */
  assignedDiscount: Rand,
  dealDescription: z.string().nullable(),
});
export type CartItem = z.infer<typeof CartItem>;

/**
 * Every user has exactly one cart (the server creates it on first read), so `id` and
 * `orderReference` are always set. `orderReference` is the idempotency key of the order
 * the cart becomes; `numberOfItems` counts lines, not packs.
 */
export const Cart = z.object({
  id: Id,
  userId: Id,
  orderReference: z.string().min(1).max(64),
  createdDate: IsoDateTime,
  cartItems: z.array(CartItem),
  totalPriceExcl: Rand,
  totalPriceIncl: Rand,
  discount: Rand,
  numberOfItems: z.number().int().nonnegative(),
});
export type Cart = z.infer<typeof Cart>;

/**
 * What an add to the cart did: the packs asked for and the packs added, which is fewer when
 * the customer's warehouse holds fewer than the cart would then have (`stockOnHand`).
 */
export const AddedToCart = z.object({
  skuCode: SkuCode,
  requested: Quantity,
  added: Quantity,
  stockOnHand: z.number().int().nonnegative(),
});
export type AddedToCart = z.infer<typeof AddedToCart>;

/** The answer to an add: the whole cart, re-priced, and what the add did. */
export const CartAfterAdd = Cart.extend({ added: AddedToCart });
export type CartAfterAdd = z.infer<typeof CartAfterAdd>;

/**
 * The header that makes a cart add idempotent (decision 159): the client picks a fresh key for
 * each add (a UUID) and sends the same key when it repeats that add; a repeat changes nothing
 * and answers with the cart as it is and what the first add did. Without it, every add adds.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IdempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{8,64}$/, "An Idempotency-Key is 8 to 64 letters, digits or . _ : -");

/** Adds to the cart or, on the wishlist route, to the wishlist. */
export const AddItemCommand = z.object({
  skuCode: SkuCode,
  quantity: Quantity,
  dealReference: optionalText(40),
});
export type AddItemCommand = z.infer<typeof AddItemCommand>;

/** `remove` drops the whole line; otherwise `quantity` packs are taken off it. */
export const RemoveCartItemCommand = z
  .object({
    skuCode: SkuCode,
    remove: z.boolean(),
    quantity: Quantity.optional(),
  })
  .refine((command) => command.remove || command.quantity !== undefined, {
    message: "Enter how many packs to take off",
    path: ["quantity"],
  });
export type RemoveCartItemCommand = z.infer<typeof RemoveCartItemCommand>;

/** This domain's routes in the API table (api.ts). */
export const cartRoutes = {
  addItem: {
    method: "POST",
    path: "/api/Cart/AdditemToCart",
    body: AddItemCommand,
    response: CartAfterAdd,
    auth: true,
    problems: ["not_a_customer", "not_found", "liquor_not_allowed", "liquor_licence_expired", "stock_short"],
    summary:
      "Add packs of a SKU to the user's cart, no more than the customer's warehouse holds, and return the re-priced cart with what was added; a repeat with the same Idempotency-Key header adds nothing and answers as the first did",
    idempotencyKey: true,
    tag: "Cart",
  },
  getUserCart: {
    method: "GET",
    path: "/api/Cart/GetUserCart",
    response: Cart,
    auth: true,
    problems: ["not_a_customer"],
    summary: "The user's cart, priced now",
    tag: "Cart",
  },
  removeItem: {
    method: "POST",
    path: "/api/Cart/RemoveItemFromCart",
    body: RemoveCartItemCommand,
    response: Cart,
    auth: true,
    problems: ["not_a_customer", "not_found"],
    summary: "Take packs off a cart line, or drop the line",
    tag: "Cart",
  },
  // The answer is the shop's choice (docs/api.md): an envelope lets the client toast and then reload the cart.
  clear: {
    method: "POST",
    path: "/api/Cart/ClearUserCart",
    response: SuccessEnvelope,
    auth: true,
    problems: ["not_a_customer"],
    summary: "Empty the user's cart",
    tag: "Cart",
  },
} as const satisfies Record<string, ApiRoute>;
