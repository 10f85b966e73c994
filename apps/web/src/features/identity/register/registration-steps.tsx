// Where the visitor is in self-registration: a three-step indicator and each step's heading,
// which takes focus when the step opens so keyboard and screen-reader users land on it.
import { useEffect, useRef, type ReactNode } from "react";
import { Check } from "lucide-react";

export const REGISTRATION_STEPS = ["Your account", "Receive a PIN", "Create your login"] as const;

export function RegistrationProgress({ current }: { current: number }) {
  return (
    <ol aria-label="Registration steps" className="mb-6 grid grid-cols-3 gap-2 text-xs sm:text-sm">
      {REGISTRATION_STEPS.map((label, index) => {
        const state = index < current ? "done" : index === current ? "current" : "next";
        return (
          <li
            key={label}
            aria-current={state === "current" ? "step" : undefined}
            className={`flex flex-col gap-1.5 border-t-4 pt-2 ${
              state === "next" ? "border-line text-muted" : "border-brand-bg text-fg"
            } ${state === "current" ? "font-semibold" : ""}`}
          >
            <span className="flex items-center gap-1">
              {state === "done" ? (
                <Check aria-hidden="true" className="size-4 text-brand" />
              ) : (
                <span aria-hidden="true">{index + 1}.</span>
              )}
              <span>
                {label}
                {state === "done" && <span className="sr-only"> (done)</span>}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * `focusOnOpen` moves focus to the heading when the step replaces the form the user was in and
 * has no single obvious first field (steps with one, such as the PIN, focus that instead).
 */
export function StepHeading({
  step,
  focusOnOpen = false,
  children,
}: {
  step: number;
  focusOnOpen?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);
  return (
    <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-fg outline-none">
      <span className="sr-only">
        Step {step + 1} of {REGISTRATION_STEPS.length}:{" "}
      </span>
      {children}
    </h2>
  );
}
