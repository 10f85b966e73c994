// What the card and the product page say per unit and on the shelf (docs/screens.md
// "Catalogue"): the list price's "each", the deal's with the deal, the shelf price and the
// margin (a loss shown as one), and nothing of the shelf when the shop sends none.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { renderInShop } from "@/lib/testing/render";
import { product } from "../product.fixture";
import { PriceBlock } from "./price-block";
import { ProductCard } from "./product-card";

afterEach(cleanup);

const text = () => document.body.textContent ?? "";

describe("unit price and margin on the card", () => {
  it("shows the list price per unit, the deal's with the deal, and the shelf price with the margin", () => {
    renderInShop(<ProductCard product={product()} />, { route: "/products?category=Chips" });
    const list = screen.getByText("List price").closest("div")!;
    expect(list.textContent).toContain("R24.35 each");
    const deal = screen.getByText("Deal price").closest("div")!;
    expect(deal.textContent).toContain("from 2 packs");
    expect(deal.textContent).toContain("R20.94 each");
    expect(text()).toContain("Sells for R32.99 · you make R8.64 (26.2%)");
  });

  it("shows a loss as a negative margin, marked", () => {
    renderInShop(
      <ProductCard product={product({ shelfPriceIncl: 23.99, marginIncl: -0.36, marginPercent: -1.5 })} />,
    );
    const loss = screen.getByText("you make -R0.36 (-1.5%)");
    expect(loss.className).toContain("text-danger");
  });

  it("shows no unit price for a pack of 1, and nothing of the shelf when the shop sends none", () => {
    renderInShop(
      <ProductCard
        product={product({
          packSize: 1,
          unitPriceIncl: null,
          discountUnitPriceIncl: null,
          shelfPriceIncl: null,
          marginIncl: null,
          marginPercent: null,
        })}
      />,
    );
    expect(text()).not.toContain("each");
    expect(text()).not.toContain("Sells for");
    expect(text()).not.toContain("you make");
  });
});

describe("unit price and margin on the product page's prices", () => {
  it("shows the unit price under the price without a deal", () => {
    renderInShop(
      <PriceBlock
        product={product({
          discountPercentage: null,
          discountPrice: null,
          discountPriceExcl: null,
          discountPriceIncl: null,
          discountUnitPriceIncl: null,
          minOrderQuantityDiscount: null,
          dealReference: null,
        })}
        quantity={1}
        size="page"
      />,
    );
    expect(screen.getByText("R24.35 each")).toBeDefined();
    expect(text()).toContain("Sells for R32.99 · you make R8.64 (26.2%)");
  });
});
