import { describe, expect, it } from "vitest";
import type { ProblemCode } from "@trade-shop/contracts/problems";
import { ApiError } from "@/lib/api-client";
import { cartLine, cartOf } from "@/entities/cart/cart-line.fixture";
import { PRICES_CHANGED, placementProblem } from "./placement-problem";

const conflict = (code: ProblemCode, title: string, extensions: Record<string, unknown> = {}) =>
  new ApiError(409, title, { type: `/problems/${code}`, code, title, status: 409, ...extensions });

describe("placementProblem", () => {
  it("reads the server's price refusal with its re-priced cart", () => {
    const cart = cartOf([cartLine()]);
    expect(placementProblem(conflict("prices_changed", "Any wording", { cart }))).toEqual({
      kind: "prices-changed",
      message: PRICES_CHANGED,
      cart,
    });
  });

  it("names the short lines and what is available", () => {
    const shortages = [{ skuCode: "CHP1374", description: "Braai Time Chips", requested: 30, available: 12 }];
    const problem = placementProblem(
      conflict("stock_short", "Not enough stock for one product: …", { shortages }),
    );
    expect(problem).toEqual({ kind: "shortages", message: "Not enough stock for one product: …", shortages });
  });

  it("reads a credit refusal", () => {
    const problem = placementProblem(
      conflict("credit_exceeded", "This order is more than your remaining credit.", {
        remainingCredit: 120.5,
        orderTotal: 5000,
      }),
    );
    expect(problem).toMatchObject({ kind: "credit", remainingCredit: 120.5, orderTotal: 5000 });
  });

  it("passes anything else on with its message, also extensions of an unexpected shape", () => {
    expect(placementProblem(conflict("cart_empty", "Your cart is empty."))).toEqual({
      kind: "other",
      message: "Your cart is empty.",
    });
    expect(placementProblem(conflict("stock_short", "Not enough stock.", { shortages: "none" }))).toEqual({
      kind: "other",
      message: "Not enough stock.",
    });
    // The title alone never decides: the documented wording without the code is just a message.
    expect(placementProblem(conflict("cart_changed", PRICES_CHANGED, { orderReference: null }))).toEqual({
      kind: "other",
      message: PRICES_CHANGED,
    });
    expect(placementProblem(new ApiError(403, "Your account is not licensed to buy liquor."))).toEqual({
      kind: "other",
      message: "Your account is not licensed to buy liquor.",
    });
    expect(placementProblem(new Error("offline"))).toEqual({ kind: "other", message: "offline" });
  });
});
