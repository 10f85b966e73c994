// /invitation?token=…: someone the account's owner invited by e-mail sees whose
// account it is and chooses their name and password; their username is the invited address.
// Success goes to the login page with the username filled in.
import { Link, useNavigate, useSearchParams } from "react-router";
import { UserPlus } from "lucide-react";
import { AcceptInvitationCommand } from "@trade-shop/contracts/buyers";
import { appRoutes } from "@trade-shop/contracts/routes";
import { useAcceptInvitation, useInvitation } from "@/entities/buyers";
import { Form, FormFailure, FormPasswordField, FormSubmit, FormTextField } from "@/lib/forms/form";
import { PasswordRules } from "@/lib/forms/password-rules";
import { rememberUsername } from "@/lib/session";
import { FormAlert } from "@/lib/ui/form-controls";
import { Loading } from "@/lib/ui/loading";
import { successToast } from "@/lib/ui/toasts";
import { AuthCard, textLinkClass } from "./auth-card";
import { withConfirmedPassword } from "./forms/confirm-password";

export const INVITATION_ACCEPTED = {
  title: "Welcome to Trade Shop",
  message: "Your login is ready. Log in with your e-mail address and new password.",
  durationMs: 5000,
};

const AcceptForm = withConfirmedPassword(AcceptInvitationCommand);

interface AcceptFormValues {
  firstname: string;
  lastname: string;
  password: string;
  confirmPassword: string;
}

function InvalidLink({ message }: { message: string }) {
  return (
    <FormAlert title="This invitation cannot be used">
      <p>{message}</p>
      <Link to={appRoutes.login} className={textLinkClass}>
        Go to log in
      </Link>
    </FormAlert>
  );
}

export function InvitationPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();

  if (token === "") {
    return (
      <AuthCard title="Accept your invitation">
        <InvalidLink message="This invitation link is incomplete. Open it again from the e-mail." />
      </AuthCard>
    );
  }
  if (invitation.isPending) {
    return (
      <AuthCard title="Accept your invitation">
        <Loading label="Reading your invitation" />
      </AuthCard>
    );
  }
  if (invitation.isError || !invitation.data) {
    return (
      <AuthCard title="Accept your invitation">
        <InvalidLink message={invitation.error?.message ?? "This invitation link is not valid any more."} />
      </AuthCard>
    );
  }
  const details = invitation.data;
  return (
    <AuthCard
      title="Accept your invitation"
      intro={
        <p>
          {details.invitedBy} invited you to order for{" "}
          <strong className="text-fg">{details.accountName}</strong> ({details.accountId}) as{" "}
          {details.accountRole === "Owner" ? "its" : "a"} {details.accountRole.toLowerCase()}. Your username
          is <strong className="break-all text-fg">{details.email}</strong>.
        </p>
      }
    >
      <Form<AcceptFormValues, AcceptInvitationCommand>
        schema={AcceptForm}
        defaultValues={{
          firstname: details.firstname,
          lastname: details.lastname,
          password: "",
          confirmPassword: "",
        }}
        toPayload={(form) => ({ ...form, token })}
        failureShows="unplaced-or-message"
        onSubmit={async (payload) => {
          const { username } = await accept.mutateAsync(payload);
          rememberUsername(username);
          successToast(INVITATION_ACCEPTED.title, {
            description: INVITATION_ACCEPTED.message,
            duration: INVITATION_ACCEPTED.durationMs,
          });
          navigate(appRoutes.login, { replace: true });
        }}
        className="space-y-5"
        aria-label="Accept invitation"
      >
        <FormFailure title="Your login was not created" />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormTextField name="firstname" label="First name" autoComplete="given-name" />
          <FormTextField name="lastname" label="Last name" autoComplete="family-name" />
        </div>
        <FormPasswordField
          name="password"
          label="Password"
          hint={<PasswordRules />}
          autoComplete="new-password"
          autoFocus
        />
        <FormPasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
        <FormSubmit busyLabel="Creating your login…" icon={UserPlus} className="w-full">
          Create my login
        </FormSubmit>
      </Form>
    </AuthCard>
  );
}
