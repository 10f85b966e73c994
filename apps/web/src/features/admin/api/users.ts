// User administration calls (Admin only): the query options define each cache key once, and
// every change invalidates the users' keys so the list and the edited user reload.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { userRoutes } from "@trade-shop/contracts/identity";
import type { CreateUserPayload, UpdateUserPayload } from "@trade-shop/contracts/identity";
import { apiRequest } from "@/lib/api-client";

import { userKeys } from "./user-keys";

export { userKeys };

export function usersQueryOptions() {
  return queryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => apiRequest(userRoutes.list, { signal }),
  });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(userRoutes.getById, { params: { id }, signal }),
  });
}

export function userRolesQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.roles(id),
    queryFn: ({ signal }) => apiRequest(userRoutes.roles, { params: { userId: id }, signal }),
  });
}

/** Directory people whose account name starts with `username`; nothing is asked for an empty search. */
export function directorySearchQueryOptions(username: string) {
  return queryOptions({
    queryKey: userKeys.directory(username),
    queryFn: ({ signal }) => apiRequest(userRoutes.searchDirectoryUsers, { query: { username }, signal }),
    enabled: username.trim() !== "",
    staleTime: 0,
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (payload: CreateUserPayload) => apiRequest(userRoutes.create, { body: payload }),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (payload: UpdateUserPayload) => apiRequest(userRoutes.update, { body: payload }),
    onSuccess: invalidate,
  });
}

/** Enable or disable; the server's envelope ("User disabled") is toasted by the API client. */
export function useSetUserEnabled() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      apiRequest(enabled ? userRoutes.enable : userRoutes.disable, { params: { id } }),
    onSuccess: invalidate,
  });
}
