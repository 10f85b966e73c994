// User administration calls (Admin only): the query options define each cache key once, and
// every change invalidates the users' keys so the list and the edited user reload.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@trade-shop/contracts/api";
import type { CreateUserPayload, UpdateUserPayload } from "@trade-shop/contracts/identity";
import { apiRequest } from "../../../lib/api-client";

export const userKeys = {
  all: ["admin-users"] as const,
  list: () => [...userKeys.all, "list"] as const,
  detail: (id: number) => [...userKeys.all, "detail", id] as const,
  roles: (id: number) => [...userKeys.all, "roles", id] as const,
  directory: (username: string) => [...userKeys.all, "directory", username] as const,
};

export function usersQueryOptions() {
  return queryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => apiRequest(api.users.list, { signal }),
  });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(api.users.getById, { params: { id }, signal }),
  });
}

export function userRolesQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.roles(id),
    queryFn: ({ signal }) => apiRequest(api.users.roles, { params: { userId: id }, signal }),
  });
}

/** Directory people whose account name starts with `username`; nothing is asked for an empty search. */
export function directorySearchQueryOptions(username: string) {
  return queryOptions({
    queryKey: userKeys.directory(username),
    queryFn: ({ signal }) => apiRequest(api.users.searchDirectoryUsers, { query: { username }, signal }),
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
    mutationFn: (payload: CreateUserPayload) => apiRequest(api.users.create, { body: payload }),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (payload: UpdateUserPayload) => apiRequest(api.users.update, { body: payload }),
    onSuccess: invalidate,
  });
}

/** Enable or disable; the server's envelope ("User disabled") is toasted by the API client. */
export function useSetUserEnabled() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      apiRequest(enabled ? api.users.enable : api.users.disable, { params: { id } }),
    onSuccess: invalidate,
  });
}
