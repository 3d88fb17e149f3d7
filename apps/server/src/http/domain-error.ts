/**
 * A rule of the product was broken. Services throw it without knowing about HTTP beyond the status the error
 * handler should answer with; the handler turns `code` into a message in the request's language.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly status: number;
  readonly extra: Record<string, unknown>;
  constructor(code: string, status: number, extra: Record<string, unknown> = {}, detail?: string) {
    super(detail ?? code);
    this.name = "DomainError";
    this.code = code;
    this.status = status;
    this.extra = extra;
  }
}
