// The one error type services throw. It names what went wrong in the shop's terms; only
// the HTTP layer (problem-details.ts) knows which status code each kind becomes.
export type DomainErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "locked"
  | "too_many_requests"
  | "unavailable";

export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly errors: FieldErrors | undefined;
  /** Extra machine-readable facts for the client (e.g. when a lock ends, which SKUs are short). */
  readonly extensions: Record<string, unknown> | undefined;

  constructor(
    kind: DomainErrorKind,
    message: string,
    options: { errors?: FieldErrors; extensions?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
    this.errors = options.errors;
    this.extensions = options.extensions;
  }
}

export const invalid = (field: string, message: string) => new DomainError("invalid", message, { errors: { [field]: [message] } });
export const notFound = (message: string) => new DomainError("not_found", message);
export const conflict = (message: string, extensions?: Record<string, unknown>) =>
  new DomainError("conflict", message, extensions ? { extensions } : {});
