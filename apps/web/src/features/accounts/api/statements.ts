// The account's monthly statements (contracts/statements.ts), cached per shopper and month: the
// month's figures alone (the dashboard's ageing), or the statement with its lines a page at a
// time (the statements page); the PDF download and "E-mail me this statement" go through the
// one API client.
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { statementRoutes, type Statement } from "@trade-shop/contracts/statements";
import { apiDownload, apiRequest } from "@/lib/api-client";
import { useShopper } from "@/entities/shopper";

export const STATEMENTS_KEY = ["statements"] as const;

/** The month's balances, totals and ageing (with one line: the least a page holds). */
export function useStatementFigures(month: string) {
  const shopper = useShopper();
  return useQuery({
    queryKey: [...STATEMENTS_KEY, shopper ?? "", month, "figures"],
    queryFn: ({ signal }) => apiRequest(statementRoutes.getStatement, { query: { month, limit: 1 }, signal }),
    enabled: shopper !== null,
  });
}

/**
 * The month's statement with the lines loaded so far (`statement`), the next page by
 * `fetchNextPage` while `hasNextPage`: a month of thousands of documents comes a page at a time.
 */
export function useStatement(month: string) {
  const shopper = useShopper();
  const query = useInfiniteQuery({
    queryKey: [...STATEMENTS_KEY, shopper ?? "", month, "pages"],
    queryFn: ({ signal, pageParam }) =>
      apiRequest(statementRoutes.getStatement, {
        query: { month, ...(pageParam ? { after: pageParam } : {}) },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: Statement) => last.nextAfter ?? undefined,
    enabled: shopper !== null,
  });
  const pages = query.data?.pages;
  const statement: Statement | undefined = pages && {
    ...pages[pages.length - 1]!,
    lines: pages.flatMap((page) => page.lines),
  };
  return { ...query, statement };
}

export function downloadStatementPdf(month: string) {
  return apiDownload(statementRoutes.statementPdf, { query: { month } });
}

export function useEmailStatement() {
  return useMutation({
    mutationFn: (month: string) => apiRequest(statementRoutes.emailStatement, { body: { month } }),
  });
}
