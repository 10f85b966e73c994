// docs/rules.md's password rules, shown wherever a password is chosen (reset, registration,
// an admin creating a user) before anyone has to guess them.
export function PasswordRules() {
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5">
      <li>at least 10 characters</li>
      <li>not a common password (such as Password123) or your e-mail address</li>
    </ul>
  );
}
