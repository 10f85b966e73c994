// The search's words for staff in TanStack Query: the synonym groups, saved whole,
// and the searches that found nothing in the last 30 days.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { catalogueSearchRoutes, type SynonymGroup } from "@trade-shop/contracts/catalogue-search";
import { CATALOGUE_CHANGES_KEY } from "@/entities/catalogue-changes";
import { apiRequest } from "@/lib/api-client";
import { getTenant } from "@/lib/session";

const KEY = ["search-words"] as const;

export const useSynonyms = () =>
  useQuery({
    queryKey: [...KEY, "synonyms"],
    queryFn: ({ signal }) => apiRequest(catalogueSearchRoutes.synonyms, { signal }),
  });

export function useSaveSynonyms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groups: SynonymGroup[]) =>
      apiRequest(catalogueSearchRoutes.setSynonyms, { body: { groups } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData([...KEY, "synonyms"], saved);
      await queryClient.invalidateQueries({ queryKey: CATALOGUE_CHANGES_KEY });
    },
  });
}

export const useZeroResultSearches = () =>
  useQuery({
    // The server answers for the login's tenant.
    queryKey: [...KEY, "zero-results", getTenant()],
    queryFn: ({ signal }) =>
      apiRequest(catalogueSearchRoutes.zeroResultSearches, { query: { limit: "50" }, signal }),
  });
