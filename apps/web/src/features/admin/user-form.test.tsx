import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DirectoryUser } from "@trade-shop/contracts/identity";
import { fakeFetch, loggedInForEachTest, renderInShop } from "@/lib/testing/render";
import { UserCreatePage } from "./user-create-page";

loggedInForEachTest(["Admin"]);

const lindiwe: DirectoryUser = {
  guid: "5f0c1e8e-8f43-4a55-9d8b-2f0f6f1c9a01",
  samAccountName: "lndlovu",
  userPrincipalName: "lndlovu@tradeshop.local",
  name: "Lindiwe Ndlovu",
  givenName: "Lindiwe",
  surname: "Ndlovu",
  emailAddress: "lindiwe.ndlovu@tradeshop.local",
  isAccountLockedOut: false,
  enabled: true,
};

function renderNewUser(answers: Parameters<typeof fakeFetch>[0] = {}) {
  const network = fakeFetch(answers);
  vi.stubGlobal("fetch", network.fetch);
  renderInShop(<UserCreatePage />, { route: "/admin/users/new" });
  const form = screen.getByRole("form", { name: "New user" });
  const field = (label: string) => within(form).getByLabelText(label, { selector: "input" });
  return {
    network,
    form,
    field,
    submit: () => within(form).getByRole("button", { name: /Create user|Creating…/ }),
  };
}

/** The text of what describes a field: its hint and, when it has one, its error. */
const describedBy = (field: HTMLElement) =>
  (field.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

describe("UserForm (New user)", () => {
  it("says what is missing in the contract's words without calling the server", async () => {
    const user = userEvent.setup();
    const { network, form, field, submit } = renderNewUser();
    await user.click(submit());
    await waitFor(() => expect(field("Username").getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(field("Username"))).toContain("Enter a username");
    expect(describedBy(field("First name"))).toContain("Enter a first name");
    expect(describedBy(field("Last name"))).toContain("Enter a last name");
    expect(describedBy(field("E-mail address"))).toContain("Enter your e-mail address");
    expect(within(form).getByText("Enter a password")).toBeDefined();
    expect(document.activeElement).toBe(field("Username"));
    expect(network.calls).toEqual([]);
  });

  it("fills the form with the person picked from the directory, as a directory user with the Staff role", async () => {
    const user = userEvent.setup();
    const { form, field } = renderNewUser({
      "GET /api/Users/SearchActiveDirectoryUsers": { body: [lindiwe] },
    });
    await user.type(screen.getByLabelText("Directory username"), "lnd");
    await user.click(screen.getByRole("button", { name: "Search directory" }));
    await user.click(await screen.findByRole("button", { name: "Use Lindiwe Ndlovu" }));

    await waitFor(() => expect(field("Username")).toHaveProperty("value", "lndlovu"));
    expect(field("First name")).toHaveProperty("value", "Lindiwe");
    expect(field("Last name")).toHaveProperty("value", "Ndlovu");
    expect(field("E-mail address")).toHaveProperty("value", "lindiwe.ndlovu@tradeshop.local");
    expect(within(form).getByRole("checkbox", { name: "Directory user" })).toHaveProperty("checked", true);
    expect(within(form).getByRole("checkbox", { name: "Staff" })).toHaveProperty("checked", true);
    expect(within(form).getByRole("checkbox", { name: "Admin" })).toHaveProperty("checked", false);
    // A directory user keeps no password in the shop.
    expect(within(form).queryByLabelText("Password", { selector: "input" })).toBeNull();
  });

  it("puts a 409 username_taken under the username, focused, and stays on the page", async () => {
    const user = userEvent.setup();
    const { network, form, field, submit } = renderNewUser({
      "POST /api/Users": {
        status: 409,
        body: {
          type: "/problems/username_taken",
          code: "username_taken",
          title: "Another user already has this username.",
          status: 409,
          errors: { username: ["This username is taken"] },
        },
      },
    });
    await user.type(field("Username"), "trader");
    await user.type(field("E-mail address"), "second.trader@demo.shop");
    await user.type(field("Password"), "Demo-Trade-2026");
    await user.type(field("First name"), "Sipho");
    await user.type(field("Last name"), "Dube");
    await user.click(within(form).getByRole("checkbox", { name: "Customer" }));
    await user.click(submit());

    await waitFor(() => expect(describedBy(field("Username"))).toContain("This username is taken"));
    expect(field("Username").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field("Username"));
    // Every message found its field, so no alert repeats it above the form.
    expect(within(form).queryByRole("alert")).toBeNull();
    expect(network.calls).toHaveLength(1);
    expect(network.calls[0]?.body).toMatchObject({
      username: "trader",
      email: "second.trader@demo.shop",
      password: "Demo-Trade-2026",
      firstname: "Sipho",
      lastname: "Dube",
      isActiveDirectoryUser: false,
      roles: ["Customer"],
      tenants: ["ZA-GP"],
      customerAccount: null,
    });
    expect(screen.getByRole("status", { name: "Current address" }).textContent).toBe("/admin/users/new");
  });
});
