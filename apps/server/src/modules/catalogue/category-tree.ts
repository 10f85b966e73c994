// Builds the category facet (category -> subCategories -> subCategory3s -> subCategory4s) from
// the per-path counts the search query returns: each node counts the matching products at or
// below it, so a parent's count is the sum of its leaves' paths, not of its children (products
// may stop at any level).
import type { CategoryResult, SubCategory3Result, SubCategoryResult } from "@trade-shop/contracts/catalogue";

/** One distinct category path among the matches and how many of them sit exactly on it. */
export interface CategoryPathCount {
  category: string;
  subCategory: string | null;
  subCategory2: string | null;
  subCategory3: string | null;
  count: number;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Node {
  count: number;
  children: Map<string, Node>;
}

function child(node: Node, name: string): Node {
  let next = node.children.get(name);
  if (!next) {
    next = { count: 0, children: new Map() };
    node.children.set(name, next);
  }
  return next;
}

function sorted(node: Node): [string, Node][] {
  return [...node.children].sort(([a], [b]) => byName(a, b));
}

export function buildCategoryTree(paths: Iterable<CategoryPathCount>): CategoryResult[] {
  const root: Node = { count: 0, children: new Map() };
  for (const path of paths) {
    if (path.count <= 0) continue;
    let node = root;
    for (const level of [path.category, path.subCategory, path.subCategory2, path.subCategory3]) {
      // A missing level ends the path: products hang at the deepest level they have.
      if (level === null) break;
      node = child(node, level);
      node.count += path.count;
    }
  }
  return sorted(root).map(([category, c]) => ({
    category,
    categoryCount: c.count,
    subCategories: sorted(c).map(([subCategory, s]): SubCategoryResult => ({
      subCategory,
      count: s.count,
      subCategory3s: sorted(s).map(([subCategory3, s3]): SubCategory3Result => ({
        subCategory3,
        count: s3.count,
        subCategory4s: sorted(s3).map(([subCategory4, s4]) => ({ subCategory4, count: s4.count })),
      })),
    })),
  }));
}
