// The category facet as one shape at every level (the search result nests four differently
// named levels), with where each node's link leads: selecting a node narrows to it, selecting
// the one already chosen steps back up a level (docs/behaviour.md: a selected sub-category toggles).
import type { CategoryResult } from "@trade-shop/contracts/catalogue";

export interface CategoryNode {
  name: string;
  count: number;
  /** Top level first, this node last. */
  path: string[];
  children: CategoryNode[];
}

export function categoryNodes(categories: readonly CategoryResult[]): CategoryNode[] {
  return categories.map((category) => {
    const top = [category.category];
    return {
      name: category.category,
      count: category.categoryCount,
      path: top,
      children: category.subCategories.map((sub) => {
        const second = [...top, sub.subCategory];
        return {
          name: sub.subCategory,
          count: sub.count,
          path: second,
          children: sub.subCategory3s.map((sub3) => {
            const third = [...second, sub3.subCategory3];
            return {
              name: sub3.subCategory3,
              count: sub3.count,
              path: third,
              children: sub3.subCategory4s.map((sub4) => ({
                name: sub4.subCategory4,
                count: sub4.count,
                path: [...third, sub4.subCategory4],
                children: [],
              })),
            };
          }),
        };
      }),
    };
  });
}

export type NodeState = "selected" | "on-path" | "off-path";

/** Whether a node is the chosen one, one of its ancestors, or elsewhere in the tree. */
export function nodeState(node: CategoryNode, selected: readonly string[]): NodeState {
  const onPath = node.path.every((name, depth) => selected[depth] === name);
  if (!onPath) return "off-path";
  return node.path.length === selected.length ? "selected" : "on-path";
}

/** Where a node's link leads: to the node, or for the selected node, one level up. */
export function nodeTarget(node: CategoryNode, selected: readonly string[]): string[] {
  return nodeState(node, selected) === "selected" ? node.path.slice(0, -1) : node.path;
}
