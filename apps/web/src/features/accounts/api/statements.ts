// The account's monthly statements (contracts/statements.ts), cached per shopper and month; the
// PDF download and "E-mail me this statement" go through the one API client.
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { statementRoutes } from "@trade-shop/contracts/statements";
import { apiDownload, apiRequest } from "@/lib/api-client";
import { useShopper, type Shopper } from "@/entities/shopper";

export const STATEMENTS_KEY = ["statements"] as const;

export function getStatementQueryOptions(shopper: Shopper, month: string) {
  return queryOptions({
    queryKey: [...STATEMENTS_KEY, shopper, month],
    queryFn: ({ signal }) => apiRequest(statementRoutes.getStatement, { query: { month }, signal }),
  });
}

export function useStatement(month: string) {
  const shopper = useShopper();
  return useQuery({ ...getStatementQueryOptions(shopper ?? "", month), enabled: shopper !== null });
}

export function downloadStatementPdf(month: string) {
  return apiDownload(statementRoutes.statementPdf, { query: { month } });
}

export function useEmailStatement() {
  return useMutation({
    mutationFn: (month: string) => apiRequest(statementRoutes.emailStatement, { body: { month } }),
  });
}
