// The one error type services throw. Its code (packages/contracts/src/problems.ts) says what
// went wrong in the shop's terms and decides the HTTP status; only http/problem-details.ts
// turns it into an answer.
import { statusOf, type ProblemCode } from "@trade-shop/contracts/problems";

export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  readonly code: ProblemCode;
  readonly errors: FieldErrors | undefined;
  /** Extra machine-readable facts for the client (e.g. when a lock ends, which SKUs are short). */
  readonly extensions: Record<string, unknown> | undefined;

  constructor(
    code: ProblemCode,
    message: string,
    options: { errors?: FieldErrors; extensions?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.errors = options.errors;
    this.extensions = options.extensions;
  }

  get status(): number {
    return statusOf(this.code);
  }
}

/** One field is wrong: a 400 whose `errors` names it. */
export const invalid = (field: string, message: string) =>
  new DomainError("validation", message, { errors: { [field]: [message] } });
export const notFound = (message: string) => new DomainError("not_found", message);
