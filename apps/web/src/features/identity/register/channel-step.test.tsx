import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeFetch, logOut, renderInShop } from "@/lib/testing/render";
import { ChannelStep, OTP_FAILED } from "./channel-step";

beforeEach(() => logOut());
afterEach(() => {
  cleanup();
  logOut();
  vi.unstubAllGlobals();
});

const account = { pastelCustomerAccount: "CUS0003", emailAddress: "newshop@demo.shop" };
const details = {
  success: true,
  message: "Account found",
  pastelCustomerAccount: "CUS0003",
  emailAddresses: ["ne*****@demo.shop", "ac*****@demo.shop"],
  cellphoneNumbers: ["+27*****0003"],
};

function renderChannelStep(answers: Parameters<typeof fakeFetch>[0]) {
  const network = fakeFetch(answers);
  vi.stubGlobal("fetch", network.fetch);
  const onSent = vi.fn();
  renderInShop(<ChannelStep account={account} details={details} onSent={onSent} onBack={() => {}} />);
  const form = screen.getByRole("form", { name: /Receive a PIN/ });
  return { network, onSent, form, send: within(form).getByRole("button", { name: "Send PIN" }) };
}

describe("ChannelStep", () => {
  it("sends the PIN to the chosen address with the account from step 1", async () => {
    const user = userEvent.setup();
    const { network, onSent, form, send } = renderChannelStep({
      "POST /api/Users/PreRegisterUser": {
        body: { success: true, message: "OTP SENT to ac*****@demo.shop", otpKey: "otp-1" },
      },
    });
    await user.click(within(form).getByRole("radio", { name: "ac*****@demo.shop" }));
    await user.click(send);
    await waitFor(() => expect(onSent).toHaveBeenCalledWith("otp-1"));
    expect(network.calls[0]?.body).toEqual({
      ...account,
      sendOtpViaEmail: true,
      sendOtpViaSms: false,
      otpEmailAddress: "ac*****@demo.shop",
    });
  });

  it("asks for a channel on the group when none is ticked", async () => {
    const user = userEvent.setup();
    const { network, form, send } = renderChannelStep({});
    await user.click(within(form).getByRole("checkbox", { name: "E-mail" }));
    await user.click(send);
    const group = within(form).getByRole("group", { name: "Send my PIN by" });
    await waitFor(() => expect(group.getAttribute("aria-describedby")).not.toBeNull());
    expect(document.getElementById(group.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Choose how to receive your PIN",
    );
    expect(network.calls).toEqual([]);
  });

  it("says OTP Failed even when the server's field error found its field", async () => {
    const user = userEvent.setup();
    const { onSent, form, send } = renderChannelStep({
      "POST /api/Users/PreRegisterUser": {
        status: 400,
        body: {
          type: "/problems/validation",
          code: "validation",
          title: "Check the highlighted fields",
          status: 400,
          errors: { otpEmailAddress: ["Choose one of the e-mail addresses on your account"] },
        },
      },
    });
    await user.click(send);
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toContain(OTP_FAILED);
    // The API client's message is the first field message: once in the alert, once under the choice.
    expect(within(form).getAllByText("Choose one of the e-mail addresses on your account")).toHaveLength(2);
    expect(onSent).not.toHaveBeenCalled();
  });

  it("says OTP Failed with the server's message when the PIN was not sent", async () => {
    const user = userEvent.setup();
    const { onSent, form, send } = renderChannelStep({
      "POST /api/Users/PreRegisterUser": {
        body: { success: false, message: "The PIN could not be sent.", otpKey: null },
      },
    });
    await user.click(send);
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toContain(OTP_FAILED);
    expect(alert.textContent).toContain("The PIN could not be sent.");
    expect(onSent).not.toHaveBeenCalled();
  });
});
