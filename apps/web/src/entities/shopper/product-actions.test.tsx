// A product's controls read their own line of the cart and wishlist: a change to one product's
// packs re-renders that product's reader only, not every card on the page (decision 138).
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import {
  ProductActionsProvider,
  ShopperStanding,
  useProductStanding,
  type ProductActions,
} from "./product-actions";

afterEach(cleanup);

const actions: ProductActions = {
  addToCart: () => undefined,
  addToWishlist: () => undefined,
  addManyToCart: async () => true,
  setCartQuantity: () => undefined,
};

const renders: string[] = [];

function Reader({ skuCode }: { skuCode: string }) {
  const { inCart, inWishlist, cartBusy } = useProductStanding(skuCode);
  renders.push(skuCode);
  return (
    <p>
      {skuCode}: {inCart} packs{inWishlist ? ", saved" : ""}
      {cartBusy ? ", busy" : ""}
    </p>
  );
}

describe("ShopperStanding", () => {
  it("gives a product the same standing object until its own line changes", () => {
    const standing = new ShopperStanding();
    const before = standing.of("CHP1001");
    expect(before).toEqual({ inCart: 0, inWishlist: false, cartBusy: false });

    standing.update(new Map([["BEV2002", { quantity: 3 }]]), new Set(), false);
    expect(standing.of("CHP1001")).toBe(before);
    expect(standing.of("BEV2002")).toEqual({ inCart: 3, inWishlist: false, cartBusy: false });

    standing.update(new Map([["BEV2002", { quantity: 3 }]]), new Set(["CHP1001"]), false);
    expect(standing.of("CHP1001")).toEqual({ inCart: 0, inWishlist: true, cartBusy: false });
  });

  it("marks only products in the cart busy while a cart command is in flight", () => {
    const standing = new ShopperStanding();
    standing.update(new Map([["BEV2002", { quantity: 1 }]]), new Set(), true);
    expect(standing.of("BEV2002").cartBusy).toBe(true);
    expect(standing.of("CHP1001").cartBusy).toBe(false);
  });

  it("tells its readers of a change until they unsubscribe", () => {
    const standing = new ShopperStanding();
    let told = 0;
    const unsubscribe = standing.subscribe(() => (told += 1));
    standing.update(new Map(), new Set(), false);
    unsubscribe();
    standing.update(new Map(), new Set(), true);
    expect(told).toBe(1);
  });
});

describe("useProductStanding", () => {
  it("re-renders the product whose line changed and leaves the others alone", () => {
    const standing = new ShopperStanding();
    render(
      <ProductActionsProvider actions={actions} standing={standing}>
        <Reader skuCode="CHP1001" />
        <Reader skuCode="BEV2002" />
        <Reader skuCode="SWT3003" />
      </ProductActionsProvider>,
    );
    expect(screen.getByText("BEV2002: 0 packs")).toBeDefined();
    renders.length = 0;

    act(() => standing.update(new Map([["BEV2002", { quantity: 4 }]]), new Set(), false));
    expect(screen.getByText("BEV2002: 4 packs")).toBeDefined();
    expect(renders).toEqual(["BEV2002"]);

    renders.length = 0;
    act(() => standing.update(new Map([["BEV2002", { quantity: 4 }]]), new Set(), true));
    expect(screen.getByText("BEV2002: 4 packs, busy")).toBeDefined();
    expect(renders).toEqual(["BEV2002"]);

    renders.length = 0;
    act(() => standing.update(new Map([["BEV2002", { quantity: 4 }]]), new Set(["SWT3003"]), false));
    expect(screen.getByText("SWT3003: 0 packs, saved")).toBeDefined();
    expect([...renders].sort()).toEqual(["BEV2002", "SWT3003"]);
  });

  it("reads an empty cart and wishlist where no shopper's lists are provided", () => {
    render(<Reader skuCode="CHP1001" />);
    expect(screen.getByText("CHP1001: 0 packs")).toBeDefined();
  });
});
