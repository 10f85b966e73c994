// The wishlist: the cart's lines and rules without ordering, re-priced in every answer. Its lines are kept
// by modules/shopping-lists. Offers its routes only (docs/architecture.md).
// Real-time: each change is published explicitly (publishChange, modules/realtime).
export { wishlistRoutes } from "./routes";
