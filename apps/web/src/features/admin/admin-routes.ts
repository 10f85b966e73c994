// The user administration screens' URLs (Admin only), kept in one place for the router, the
// header link and the screens' own links.
export const adminRoutes = {
  users: "/admin/users",
  newUser: "/admin/users/new",
  user: (id: number) => `/admin/users/${id}`,
} as const;
