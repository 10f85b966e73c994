import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeFetch, fakeJwt, logOut, renderInShop } from "@/lib/testing/render";
import { getSession } from "@/lib/session";
import { LoginPage } from "./login-page";

beforeEach(() => logOut());
afterEach(() => {
  cleanup();
  logOut();
  vi.unstubAllGlobals();
});

function renderLogin(answers: Parameters<typeof fakeFetch>[0] = {}, route = "/login") {
  const network = fakeFetch(answers);
  vi.stubGlobal("fetch", network.fetch);
  renderInShop(<LoginPage />, { route });
  const form = screen.getByRole("form", { name: "Login" });
  return {
    network,
    form,
    username: within(form).getByLabelText("Username or e-mail address"),
    password: within(form).getByLabelText("Password", { selector: "input" }),
    submit: within(form).getByRole("button", { name: "Login" }),
  };
}

const address = () => screen.getByRole("status", { name: "Current address" }).textContent;

describe("LoginPage", () => {
  it("starts on the username and says what is missing without calling the server", async () => {
    const user = userEvent.setup();
    const { network, form, username, submit } = renderLogin();
    await waitFor(() => expect(document.activeElement).toBe(username));
    await user.click(submit);
    expect(await within(form).findByText("Enter your username or e-mail address")).toBeDefined();
    expect(within(form).getByText("Enter your password")).toBeDefined();
    expect(username.getAttribute("aria-invalid")).toBe("true");
    expect(network.calls).toEqual([]);
  });

  it("logs in by e-mail address and goes on to the page that was asked for", async () => {
    const user = userEvent.setup();
    const { network, username, password, submit } = renderLogin(
      {
        "POST /api/Users/AuthenticateUsingEmail": {
          body: { token: fakeJwt(["Customer"]), expiresIn: 28_800 },
        },
      },
      "/login?returnUrl=%2Forders-history",
    );
    await user.type(username, "trader@demo.shop");
    await user.type(password, "Demo-Trade-2026");
    await user.click(submit);
    await waitFor(() => expect(address()).toBe("/orders-history"));
    expect(network.calls[0]?.body).toEqual({ username: "trader@demo.shop", password: "Demo-Trade-2026" });
    expect(getSession()?.claims.firstName).toBe("Thabo");
  });

  it("shows a refused login in an alert and stays on the page, password field still there to retry", async () => {
    const user = userEvent.setup();
    const { form, username, password, submit } = renderLogin({
      "POST /api/Users/Authenticate": {
        status: 401,
        body: {
          type: "/problems/bad_credentials",
          code: "bad_credentials",
          title: "Wrong username or password.",
          status: 401,
        },
      },
    });
    await user.type(username, "trader");
    await user.type(password, "not-it");
    await user.click(submit);
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toContain("Login failed");
    expect(alert.textContent).toContain("Wrong username or password.");
    expect(address()).toBe("/login");
    expect(getSession()).toBeNull();
  });

  it("says how many tries are left before the lock-out when the server counts them out", async () => {
    const user = userEvent.setup();
    const { form, username, password, submit } = renderLogin({
      "POST /api/Users/Authenticate": {
        status: 401,
        body: {
          type: "/problems/bad_credentials",
          code: "bad_credentials",
          title: "The username or password is incorrect.",
          status: 401,
          errors: { password: ["The username or password is incorrect."] },
          triesLeft: 1,
        },
      },
    });
    await user.type(username, "trader");
    await user.type(password, "not-it-again");
    await user.click(submit);
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toContain("1 try left before this login is locked for 15 minutes.");
    expect(within(form).getByText("The username or password is incorrect.")).toBeDefined();
  });

  it("tells a new trade customer that registering takes their account number", () => {
    renderLogin();
    const register = screen.getByRole("link", { name: "Register with your account number" });
    expect(register.getAttribute("href")).toBe("/register-account");
  });

  it("shows the password when asked", async () => {
    const user = userEvent.setup();
    const { form, password } = renderLogin();
    expect(password.getAttribute("type")).toBe("password");
    await user.click(within(form).getByRole("button", { name: "Show password" }));
    expect(password.getAttribute("type")).toBe("text");
  });
});
