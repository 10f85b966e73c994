// Self-registration (docs/behaviour.md): account and e-mail -> where to send a PIN -> PIN and password.
// A registered user is logged in with the e-mail address and the new password and lands on
// /featured with "Registration Complete".
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { successToast } from "@/lib/ui/toasts";
import type { OtpDetailsRequest, OtpDetailsResult } from "@trade-shop/contracts/identity";
import { appRoutes } from "@trade-shop/contracts/routes";
import { rememberUsername } from "@/lib/session";
import { useLogIn } from "./api/log-in";
import { AuthCard, textLinkClass } from "./auth-card";
import { withLoginNotice } from "./login-notice";
import { AccountStep } from "./register/account-step";
import { ChannelStep } from "./register/channel-step";
import { PinStep } from "./register/pin-step";
import { RegistrationProgress } from "./register/registration-steps";

export const REGISTRATION_COMPLETE = "Registration Complete";

type Stage =
  | { step: "account"; account: OtpDetailsRequest | null }
  | { step: "channel"; account: OtpDetailsRequest; details: OtpDetailsResult }
  | { step: "pin"; account: OtpDetailsRequest; details: OtpDetailsResult; otpKey: string };

const STEP_INDEX = { account: 0, channel: 1, pin: 2 } as const;

export function RegisterAccountPage() {
  const navigate = useNavigate();
  const logIn = useLogIn();
  const [stage, setStage] = useState<Stage>({ step: "account", account: null });

  const finish = async ({
    email,
    password,
    firstname,
  }: {
    email: string;
    password: string;
    firstname: string;
  }) => {
    try {
      await logIn({ username: email, password });
    } catch {
      // The login exists even if this automatic log-in failed (already toasted): log in by hand.
      rememberUsername(email);
      navigate(appRoutes.login, {
        state: withLoginNotice({
          title: REGISTRATION_COMPLETE,
          message: "Your login is ready. Log in with your e-mail address.",
        }),
      });
      return;
    }
    successToast(REGISTRATION_COMPLETE, {
      description: `Welcome to Trade Shop, ${firstname}. You can now order at your account's prices.`,
    });
    navigate(appRoutes.featured, { replace: true });
  };

  return (
    <AuthCard
      title="Register"
      wide
      intro="Create a login for your existing customer account with a one-time PIN."
      footer={
        <>
          <p>
            Already registered?{" "}
            <Link to={appRoutes.login} className={textLinkClass}>
              Login
            </Link>
          </p>
          <p>
            No account number?{" "}
            <Link to={appRoutes.apply} className={textLinkClass}>
              Apply for an account
            </Link>
          </p>
        </>
      }
    >
      <RegistrationProgress current={STEP_INDEX[stage.step]} />
      {stage.step === "account" && (
        <AccountStep
          initial={stage.account}
          onFound={(account, details) => setStage({ step: "channel", account, details })}
        />
      )}
      {stage.step === "channel" && (
        <ChannelStep
          account={stage.account}
          details={stage.details}
          onBack={() => setStage({ step: "account", account: stage.account })}
          onSent={(otpKey) => setStage({ ...stage, step: "pin", otpKey })}
        />
      )}
      {stage.step === "pin" && (
        <PinStep
          account={stage.account}
          otpKey={stage.otpKey}
          onNewPin={() => setStage({ step: "channel", account: stage.account, details: stage.details })}
          onRegistered={finish}
        />
      )}
    </AuthCard>
  );
}
