import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OtpDetailsRequest } from "@trade-shop/contracts/identity";
import { ApiError } from "../api-client";
import { Form, FormFailure, FormSubmit, FormTextField, SubmitRefused } from "./form";

afterEach(cleanup);

interface AccountForm {
  pastelCustomerAccount: string;
  emailAddress: string;
}

function renderForm(onSubmit: (payload: OtpDetailsRequest) => unknown) {
  render(
    <Form<AccountForm, OtpDetailsRequest>
      schema={OtpDetailsRequest}
      defaultValues={{ pastelCustomerAccount: "", emailAddress: "" }}
      onSubmit={onSubmit}
      aria-label="Find account"
    >
      <FormFailure title="We could not find your account" />
      <FormTextField name="pastelCustomerAccount" label="Customer account number" />
      <FormTextField name="emailAddress" label="E-mail address" type="email" />
      <FormSubmit busyLabel="Checking…">Continue</FormSubmit>
    </Form>,
  );
  return {
    account: screen.getByLabelText("Customer account number"),
    email: screen.getByLabelText("E-mail address"),
    submit: () => screen.getByRole("button", { name: /Continue|Checking…/ }),
  };
}

const errorOf = (field: HTMLElement) =>
  (field.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join("");

describe("Form", () => {
  it("checks the fields against the contract, shows each message under its field and focuses the first", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { account, email, submit } = renderForm(onSubmit);
    await user.type(email, "not-an-address");
    await user.click(submit());
    await waitFor(() => expect(account.getAttribute("aria-invalid")).toBe("true"));
    expect(errorOf(account)).not.toBe("");
    expect(errorOf(email)).toBe("Enter a valid e-mail address");
    expect(document.activeElement).toBe(account);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("hands onSubmit the payload as the contract parses it, busy until it is done", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onSubmit = vi.fn(
      (_payload: OtpDetailsRequest) => new Promise<void>((resolve) => (finish = resolve)),
    );
    const { account, email, submit } = renderForm(onSubmit);
    await user.type(account, "CUS0003");
    await user.type(email, "  newshop@demo.shop ");
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      pastelCustomerAccount: "CUS0003",
      emailAddress: "newshop@demo.shop",
    });
    expect(submit().textContent).toBe("Checking…");
    expect(submit()).toHaveProperty("disabled", true);
    finish();
    await waitFor(() => expect(submit().textContent).toBe("Continue"));
  });

  it("puts a refused call's field errors under their fields and the rest in the alert", async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(400, "Check the highlighted fields", {
      type: "/problems/validation",
      code: "validation",
      title: "Check the highlighted fields",
      errors: { emailAddress: ["This address is not on the account"], otpKey: ["The PIN has expired"] },
    });
    const { account, email, submit } = renderForm(() => Promise.reject(refusal));
    await user.type(account, "CUS0003");
    await user.type(email, "someone@demo.shop");
    await user.click(submit());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not find your account");
    expect(alert.textContent).toContain("The PIN has expired");
    expect(errorOf(email)).toBe("This address is not on the account");
    expect(document.activeElement).toBe(email);
  });

  it("shows a refusal found in a successful answer, and clears it on the next attempt", async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new SubmitRefused("No account matches that number and address."))
      .mockResolvedValueOnce(undefined);
    const { account, email, submit } = renderForm(onSubmit);
    await user.type(account, "CUS0009");
    await user.type(email, "someone@demo.shop");
    await user.click(submit());
    expect((await screen.findByRole("alert")).textContent).toContain(
      "No account matches that number and address.",
    );
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });
});
