// The cache of server state (TanStack Query): one for the browser's whole visit, made as the app
// starts (which asks for the first page's data before the first render), and one for each page
// the server renders (docs/decisions/0140).
import { QueryClient } from "@tanstack/react-query";

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // Every failure already shows a toast from the API client; a silent retry would show it twice.
        retry: false,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Offline, a read still goes out: the service worker answers with the copy it kept.
        networkMode: "offlineFirst",
      },
      // Commands run whatever the browser's online flag says: the cart keeps its own offline queue,
      // and everything else is refused with the offline message rather than held back unseen.
      mutations: { retry: false, networkMode: "always" },
    },
  });
