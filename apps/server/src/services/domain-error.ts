import type {
  AuthErrorCode,
  CoreErrorCode,
  DataControlErrorCode,
  JobErrorCode,
  LetterErrorCode,
  PaymentErrorCode,
  WorkspaceErrorCode,
} from "@handfont/contract";

/** Every code a service may throw; the HTTP layer gives each one its status (http/error-status.ts). */
export type DomainErrorCode =
  | CoreErrorCode
  | AuthErrorCode
  | WorkspaceErrorCode
  | PaymentErrorCode
  | DataControlErrorCode
  | LetterErrorCode
  | JobErrorCode;

/**
 * A rule of the product was broken. Services throw it knowing nothing of HTTP; the error handler picks the
 * status from the code and turns the code into a message in the request's language.
 */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly extra: Record<string, unknown>;
  constructor(code: DomainErrorCode, extra: Record<string, unknown> = {}, detail?: string) {
    super(detail ?? code);
    this.name = "DomainError";
    this.code = code;
    this.extra = extra;
  }
}
