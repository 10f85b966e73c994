import { useSearchParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { renderInShop } from "@/lib/testing/render";
import { readProductsView } from "../products-query";
import { FacetSidebar } from "./facet-sidebar";

afterEach(cleanup);

const brands = [
  "Braai Time",
  "Crunch Co",
  "Dune",
  "Eden",
  "Fynbos",
  "Gold Reef",
  "Highveld",
  "Ikhaya",
  "Jozi",
  "Karoo",
];

const result: ProductSearchResult = {
  total: 12,
  resultsPerPage: 24,
  resultCount: 12,
  pages: 1,
  currentPage: 1,
  sortOrder: "asc",
  sortBy: "relevance",
  brandFilter: null,
  searchFilter: null,
  skuResults: [],
  categoryResults: [
    {
      category: "Chips",
      categoryCount: 1335,
      subCategories: [
        { subCategory: "Potato Chips", count: 9, subCategory3s: [] },
        { subCategory: "Corn", count: 3, subCategory3s: [] },
      ],
    },
    { category: "Sweets", categoryCount: 40, subCategories: [] },
  ],
  brandResults: brands.map((name) => ({ name, imageUrl: null })),
} as ProductSearchResult;

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const [params] = useSearchParams();
  return (
    <FacetSidebar view={readProductsView(params)} params={params} result={result} onNavigate={onNavigate} />
  );
}

const address = () => screen.getByRole("status", { name: "Current address" }).textContent ?? "";

describe("FacetSidebar", () => {
  it("lists the categories with their counts and narrows to one when it is followed", async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    renderInShop(<Sidebar onNavigate={onNavigate} />, { route: "/products?category=home" });
    const categories = screen.getByRole("region", { name: "Categories" });
    const chips = within(categories).getByRole("link", { name: /^Chips\s*,\s*1 335 products$/ });
    // Sub-categories show only under the category on the path.
    expect(within(categories).queryByRole("link", { name: /^Corn/ })).toBeNull();

    await user.click(chips);
    expect(address()).toContain("category=Chips");
    expect(onNavigate).toHaveBeenCalledOnce();
    expect(
      within(categories)
        .getByRole("link", { name: /^Chips/ })
        .getAttribute("aria-current"),
    ).toBe("true");
    expect(within(categories).getByRole("link", { name: /^Corn\s*,\s*3 products$/ })).toBeDefined();
  });

  it("shows eight brands until asked for all, and toggles a chosen brand off again", async () => {
    const user = userEvent.setup();
    renderInShop(<Sidebar />, { route: "/products?category=Chips" });
    const brandList = screen.getByRole("region", { name: "Brands" });
    expect(within(brandList).getAllByRole("link")).toHaveLength(8);

    const more = within(brandList).getByRole("button", { name: "Show all 10 brands" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    await user.click(more);
    expect(within(brandList).getAllByRole("link")).toHaveLength(10);
    expect(
      within(brandList).getByRole("button", { name: "Show fewer brands" }).getAttribute("aria-expanded"),
    ).toBe("true");

    await user.click(within(brandList).getByRole("link", { name: "Karoo" }));
    expect(address()).toContain("brand=Karoo");
    expect(within(brandList).getByRole("link", { name: "Karoo" }).getAttribute("aria-current")).toBe("true");

    await user.click(within(brandList).getByRole("link", { name: "Karoo" }));
    expect(address()).not.toContain("brand=");
  });

  it("offers Clear filters once something is chosen", async () => {
    const user = userEvent.setup();
    renderInShop(<Sidebar />, { route: "/products?category=Chips&brand=Dune" });
    await user.click(screen.getByRole("link", { name: "Clear filters" }));
    expect(address()).not.toContain("brand=");
    expect(screen.queryByRole("link", { name: "Clear filters" })).toBeNull();
  });
});
