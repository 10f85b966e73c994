// The users list's search: every word typed must appear in the user's name, username, e-mail,
// customer account, roles or tenants, ignoring case, so "cus0001" and "thabo customer" both work.
import type { User } from "@trade-shop/contracts/identity";

function searchableText(user: User): string {
  return [
    user.firstname,
    user.lastname,
    user.username,
    user.email,
    user.customerAccount ?? "",
    ...user.roles,
    ...user.tenants,
    user.isActiveDirectoryUser ? "directory" : "",
    user.isActive ? "" : "disabled",
  ]
    .join(" ")
    .toLowerCase();
}

export function filterUsers(users: readonly User[], search: string): User[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((user) => {
    const text = searchableText(user);
    return words.every((word) => text.includes(word));
  });
}
