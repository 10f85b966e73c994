import { describe, expect, it } from "vitest";
import { categoryNodes, nodeState, nodeTarget } from "./category-facets";

const tree = categoryNodes([
  {
    category: "Chips",
    categoryCount: 12,
    subCategories: [
      {
        subCategory: "Potato Chips",
        count: 9,
        subCategory3s: [
          { subCategory3: "Salted", count: 4, subCategory4s: [{ subCategory4: "Large", count: 1 }] },
        ],
      },
      { subCategory: "Corn", count: 3, subCategory3s: [] },
    ],
  },
]);
const chips = tree[0]!;
const potato = chips.children[0]!;
const salted = potato.children[0]!;
const corn = chips.children[1]!;

describe("categoryNodes", () => {
  it("gives every level a name, count and path", () => {
    expect(salted.children[0]).toEqual({
      name: "Large",
      count: 1,
      path: ["Chips", "Potato Chips", "Salted", "Large"],
      children: [],
    });
    expect(corn).toEqual({ name: "Corn", count: 3, path: ["Chips", "Corn"], children: [] });
  });
});

describe("nodeState and nodeTarget", () => {
  const selected = ["Chips", "Potato Chips"];

  it("knows the selected node, its ancestors and the rest", () => {
    expect(nodeState(potato, selected)).toBe("selected");
    expect(nodeState(chips, selected)).toBe("on-path");
    expect(nodeState(corn, selected)).toBe("off-path");
    expect(nodeState(salted, selected)).toBe("off-path");
  });

  it("narrows to a node, and steps back up from the selected one", () => {
    expect(nodeTarget(salted, selected)).toEqual(["Chips", "Potato Chips", "Salted"]);
    expect(nodeTarget(corn, selected)).toEqual(["Chips", "Corn"]);
    expect(nodeTarget(potato, selected)).toEqual(["Chips"]);
    expect(nodeTarget(chips, ["Chips"])).toEqual([]);
  });
});
