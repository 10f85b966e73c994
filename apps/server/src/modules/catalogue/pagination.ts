// Page arithmetic of docs/behaviour.md: the last page is total / size rounded up and at least 1, and the
// page asked for is clamped between 1 and it.

export interface PageWindow {
  pages: number;
  currentPage: number;
  offset: number;
}

export function pageWindow(total: number, resultsPerPage: number, requestedPage: number): PageWindow {
  const pages = Math.max(1, Math.ceil(total / resultsPerPage));
  const currentPage = Math.min(Math.max(1, requestedPage), pages);
  return { pages, currentPage, offset: (currentPage - 1) * resultsPerPage };
}
