// App-wide providers: server state (TanStack Query) and toasts (sonner, following the theme).
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { ERROR_TOAST_MS } from "../lib/api-client";
import { useTheme } from "../lib/theme";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Every failure already shows a toast from the API client; a silent retry would show it twice.
      retry: false,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        // Errors and warnings appear top right; success toasts ask for bottom-center themselves (SPEC §7).
        position="top-right"
        theme={theme === "dark-theme" ? "dark" : "light"}
        richColors
        closeButton
        duration={ERROR_TOAST_MS}
      />
    </QueryClientProvider>
  );
}
