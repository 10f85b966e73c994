import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderInShop } from "@/lib/testing/render";
import { Pagination } from "./pagination";

afterEach(cleanup);

const hrefFor = (page: number) => `/products?category=Chips&pageNumber=${page}`;

function renderPager(currentPage: number, total = 240) {
  renderInShop(<Pagination total={total} pageSize={24} currentPage={currentPage} hrefFor={hrefFor} />, {
    route: hrefFor(currentPage),
  });
  return screen.getByRole("navigation", { name: "Pages" });
}

describe("Pagination", () => {
  it("marks the current page and links Previous, Next and the other pages", () => {
    const pager = renderPager(5);
    expect(within(pager).getByText("5", { selector: "[aria-current=page]" })).toBeDefined();
    expect(within(pager).getByRole("link", { name: "Previous" }).getAttribute("href")).toBe(hrefFor(4));
    expect(within(pager).getByRole("link", { name: "Next" }).getAttribute("href")).toBe(hrefFor(6));
    expect(within(pager).getByRole("link", { name: "Page 10" }).getAttribute("href")).toBe(hrefFor(10));
    // docs/behaviour.md: at most 7 page slots.
    const pageLinks = within(pager).getAllByRole("link", { name: /^Page \d+$/ });
    expect(pageLinks.length).toBeLessThanOrEqual(6);
  });

  it("shows Previous as plain text on the first page and Next on the last", () => {
    let pager = renderPager(1);
    expect(within(pager).queryByRole("link", { name: "Previous" })).toBeNull();
    expect(within(pager).getByText("Previous")).toBeDefined();
    cleanup();
    pager = renderPager(10);
    expect(within(pager).queryByRole("link", { name: "Next" })).toBeNull();
    expect(within(pager).getByText("Page 10 of 10")).toBeDefined();
  });

  it("clamps a page past the end to the last page", () => {
    const pager = renderPager(99);
    expect(within(pager).getByText("10", { selector: "[aria-current=page]" })).toBeDefined();
  });

  it("goes to the page a link names", async () => {
    const user = userEvent.setup();
    const pager = renderPager(1);
    await user.click(within(pager).getByRole("link", { name: "Next" }));
    expect(screen.getByRole("status", { name: "Current address" }).textContent).toBe(hrefFor(2));
  });
});
