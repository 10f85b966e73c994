// The login page (docs/behaviour.md), also shown at /auth/login and at "{returnUrl}/{returnUrl}". It offers
// the last user name, logs in by username or e-mail, and goes on to the page that was asked for.
// The last wrong passwords before a lock-out say how many tries are left (docs/rules.md), so a
// buyer who has forgotten theirs resets it rather than being locked out without warning.
import { useEffect, useState } from "react";
import { useFormContext } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { LogIn } from "lucide-react";
import type { LoginRequest as LoginPayload } from "@trade-shop/contracts/identity";
import { BadCredentials, LOCKOUT_MINUTES, LoginRequest } from "@trade-shop/contracts/identity";
import { requiredText } from "@trade-shop/contracts/common";
import { appRoutes } from "@trade-shop/contracts/routes";
import { ApiError } from "@/lib/api-client";
import { Form, FormFailure, FormPasswordField, FormSubmit, FormTextField } from "@/lib/forms/form";
import { lastUsername, useSession } from "@/lib/session";
import { FormAlert, FormNotice } from "@/lib/ui/form-controls";
import { useLogIn } from "./api/log-in";
import { AuthCard, textLinkClass } from "./auth-card";
import { readLoginNotice } from "./login-notice";
import { landingAfterLogin } from "./return-url";

interface LoginForm {
  username: string;
  password: string;
}

// The field takes either a username or an e-mail address, and its message says so.
const LoginSchema = LoginRequest.extend({
  username: requiredText("Enter your username or e-mail address", 254),
});

/** How many wrong passwords the server says are left before the lock-out, when it says. */
function triesLeftOf(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  return BadCredentials.safeParse(error.problem).data?.triesLeft ?? null;
}

const triesLeftText = (triesLeft: number) =>
  `${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left before this login is locked for ${LOCKOUT_MINUTES} minutes.`;

/** Returning users only need their password; new ones start at the top. */
function InitialFocus() {
  const { setFocus } = useFormContext<LoginForm>();
  useEffect(() => setFocus(lastUsername() ? "password" : "username"), [setFocus]);
  return null;
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const logIn = useLogIn();
  const notice = readLoginNotice(location.state);
  const [triesLeft, setTriesLeft] = useState<number | null>(null);

  const onSubmit = async (credentials: LoginPayload) => {
    setTriesLeft(null);
    try {
      await logIn(credentials);
    } catch (error) {
      setTriesLeft(triesLeftOf(error));
      throw error;
    }
    navigate(landingAfterLogin(location.pathname, location.search), { replace: true });
  };

  return (
    <AuthCard
      title="Login"
      intro="Log in with your username or e-mail address to see your prices, cart and orders."
      footer={
        <>
          <p>
            New trade customer?{" "}
            <Link to={appRoutes.registerAccount} className={textLinkClass}>
              Register with your account number
            </Link>
          </p>
          <p>
            No account number yet?{" "}
            <Link to={appRoutes.apply} className={textLinkClass}>
              Apply for an account
            </Link>
          </p>
        </>
      }
    >
      <Form<LoginForm, LoginPayload>
        schema={LoginSchema}
        defaultValues={{ username: lastUsername(), password: "" }}
        problemFields={{ username: "username", password: "password" }}
        onSubmit={onSubmit}
        className="space-y-5"
        aria-label="Login"
      >
        <InitialFocus />
        {notice && <FormNotice title={notice.title}>{notice.message}</FormNotice>}
        {session && !notice && (
          <p className="text-sm text-muted">
            You are logged in as {session.claims.firstName} {session.claims.surname}. Logging in again
            switches to another user.
          </p>
        )}
        <FormFailure title="Login failed" />
        {triesLeft !== null && <FormAlert title="Login failed">{triesLeftText(triesLeft)}</FormAlert>}
        <FormTextField
          name="username"
          label="Username or e-mail address"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <div>
          <FormPasswordField name="password" label="Password" autoComplete="current-password" />
          <Link to={appRoutes.auth.forgotPassword} className={`${textLinkClass} text-sm`}>
            Forgot your password?
          </Link>
        </div>
        <FormSubmit busyLabel="Logging in…" icon={LogIn} className="w-full">
          Login
        </FormSubmit>
      </Form>
    </AuthCard>
  );
}
