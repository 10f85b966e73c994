// The login page (SPEC §4), also shown at /auth/login and at "{returnUrl}/{returnUrl}". It offers
// the last user name, logs in by username or e-mail, and goes on to the page that was asked for.
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { LogIn } from "lucide-react";
import type { LoginRequest as LoginPayload } from "@trade-shop/contracts/identity";
import { LoginRequest } from "@trade-shop/contracts/identity";
import { requiredText } from "@trade-shop/contracts/common";
import { appRoutes } from "@trade-shop/contracts/routes";
import { contractResolver } from "../../lib/forms/contract-resolver";
import { showProblemOnForm } from "../../lib/forms/problem-errors";
import { lastUsername, useSession } from "../../lib/session";
import { FormAlert, FormNotice, PasswordField, SubmitButton, TextField } from "../../lib/ui/form-controls";
import { useLogIn } from "./api/log-in";
import { AuthCard, textLinkClass } from "./auth-card";
import { readLoginNotice } from "./login-notice";
import { landingAfterLogin } from "./return-url";

interface LoginForm {
  username: string;
  password: string;
}

// The field takes either a username or an e-mail address, and its message says so.
const resolver = contractResolver<LoginForm, LoginPayload>(
  LoginRequest.extend({ username: requiredText("Enter your username or e-mail address", 254) }),
);

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const logIn = useLogIn();
  const notice = readLoginNotice(location.state);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm, unknown, LoginPayload>({
    resolver,
    mode: "onTouched",
    defaultValues: { username: lastUsername(), password: "" },
  });

  // Returning users only need their password; new ones start at the top.
  useEffect(() => setFocus(lastUsername() ? "password" : "username"), [setFocus]);

  const onSubmit = async (credentials: LoginPayload) => {
    setFormError(null);
    try {
      await logIn(credentials);
      navigate(landingAfterLogin(location.pathname, location.search), { replace: true });
    } catch (error) {
      setFormError(showProblemOnForm(error, setError, { username: "username", password: "password" }));
    }
  };

  return (
    <AuthCard
      title="Login"
      intro="Log in with your username or e-mail address to see your prices, cart and orders."
      footer={
        <p>
          New trade customer?{" "}
          <Link to={appRoutes.registerAccount} className={textLinkClass}>
            Register
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Login">
        {notice && <FormNotice title={notice.title}>{notice.message}</FormNotice>}
        {session && !notice && (
          <p className="text-sm text-muted">
            You are logged in as {session.claims.firstName} {session.claims.surname}. Logging in again switches to
            another user.
          </p>
        )}
        {formError && <FormAlert title="Login failed">{formError}</FormAlert>}
        <TextField
          label="Username or e-mail address"
          registration={register("username")}
          error={errors.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <div>
          <PasswordField
            label="Password"
            registration={register("password")}
            error={errors.password}
            autoComplete="current-password"
          />
          <Link to={appRoutes.auth.forgotPassword} className={`${textLinkClass} text-sm`}>
            Forgot your password?
          </Link>
        </div>
        <SubmitButton busy={isSubmitting} busyLabel="Logging in…" icon={LogIn} className="w-full">
          Login
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
