// The cache keys of user administration, apart from its calls (users.ts) so the breadcrumb can
// read a user page's name from the cache without downloading them.
export const userKeys = {
  all: ["admin-users"] as const,
  list: () => [...userKeys.all, "list"] as const,
  detail: (id: number) => [...userKeys.all, "detail", id] as const,
  roles: (id: number) => [...userKeys.all, "roles", id] as const,
  directory: (username: string) => [...userKeys.all, "directory", username] as const,
};
