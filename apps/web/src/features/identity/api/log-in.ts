// Logging in (docs/behaviour.md): a name with "@" is an e-mail address (AuthenticateUsingEmail), any other
// is a username (Authenticate). Success stores the token, keeps the name for next time and drops
// everything cached for the previous visitor, so the cart, wishlist and prices load afresh;
// failure clears the token and the tenant.
import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { successToast, toast } from "@/lib/ui/toasts";
import { userRoutes } from "@trade-shop/contracts/identity";
import type { LoginRequest } from "@trade-shop/contracts/identity";
import { ApiError, ERROR_TOAST_MS, ERROR_TOAST_TITLE, apiRequest } from "@/lib/api-client";
import { clearSession, clearTenant, rememberUsername, startSession, type Session } from "@/lib/session";

export const LOGIN_SUCCESS = { title: "Login", message: "You have successfully logged in" } as const;

const CLOCK_WRONG =
  "The login could not be completed. Check that this device's date and time are correct, then try again.";

export function loginRouteFor(username: string) {
  return username.includes("@") ? userRoutes.authenticateUsingEmail : userRoutes.authenticate;
}

/** Returns `logIn(credentials)`, which resolves with the new session or rejects (already toasted). */
export function useLogIn(): (credentials: LoginRequest) => Promise<Session> {
  const queryClient = useQueryClient();
  return useCallback(
    async (credentials) => {
      try {
        const { token } = await apiRequest(loginRouteFor(credentials.username), { body: credentials });
        const session = startSession(token);
        // A fresh token that already looks expired means this device's clock is far off.
        if (!session) {
          toast.error(ERROR_TOAST_TITLE, { description: CLOCK_WRONG, duration: ERROR_TOAST_MS });
          throw new ApiError(200, CLOCK_WRONG);
        }
        rememberUsername(credentials.username);
        queryClient.clear();
        successToast(LOGIN_SUCCESS.title, { description: LOGIN_SUCCESS.message });
        return session;
      } catch (error) {
        clearSession();
        clearTenant();
        throw error;
      }
    },
    [queryClient],
  );
}
