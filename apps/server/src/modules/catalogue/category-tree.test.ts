import { describe, expect, it } from "vitest";
import { buildCategoryTree } from "./category-tree";

const path = (
  category: string,
  subCategory: string | null,
  subCategory2: string | null,
  subCategory3: string | null,
  count: number,
) => ({
  category,
  subCategory,
  subCategory2,
  subCategory3,
  count,
});

describe("buildCategoryTree", () => {
  it("counts every product at each level of its path, sorted by name", () => {
    const tree = buildCategoryTree([
      path("Sweets", "Jellies", "Gums", null, 3),
      path("Chips", "Potato Chips", "Crinkle Cut", "Large", 2),
      path("Chips", "Potato Chips", "Crinkle Cut", "Small", 5),
      path("Chips", "Potato Chips", "Flat Cut", null, 4),
      path("Chips", "Corn Snacks", null, null, 1),
    ]);
    expect(tree.map((c) => [c.category, c.categoryCount])).toEqual([
      ["Chips", 12],
      ["Sweets", 3],
    ]);
    const chips = tree[0]!;
    expect(chips.subCategories.map((s) => [s.subCategory, s.count])).toEqual([
      ["Corn Snacks", 1],
      ["Potato Chips", 11],
    ]);
    const crinkle = chips.subCategories[1]!.subCategory3s[0]!;
    expect(crinkle).toEqual({
      subCategory3: "Crinkle Cut",
      count: 7,
      subCategory4s: [
        { subCategory4: "Large", count: 2 },
        { subCategory4: "Small", count: 5 },
      ],
    });
    expect(chips.subCategories[0]!.subCategory3s).toEqual([]);
  });

  it("leaves out paths with no products", () => {
    expect(buildCategoryTree([path("Chips", "Potato Chips", null, null, 0)])).toEqual([]);
  });
});
