import { AUTH_ERROR_MESSAGES, type AuthErrorCode, type Language } from "@handfont/contract";
import { ApiError } from "../../api/errors.ts";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The message of an account error code in the page's language. */
export function authMessage(language: Language, code: AuthErrorCode): string {
  return AUTH_ERROR_MESSAGES[language][code];
}

/** True when the code is one of the account catalogue (so its message exists in every language). */
export function isAuthErrorCode(code: string): code is AuthErrorCode {
  return Object.hasOwn(AUTH_ERROR_MESSAGES.en, code);
}

/** The server's own message of a failed call, when it sent one (it answers in the request's language). */
function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError && isRecord(error.body) && typeof error.body.message === "string") {
    return error.body.message || null;
  }
  return null;
}

export interface ShownError {
  code: string;
  message: string;
  /** The account to resend the confirmation mail to (EMAIL_NOT_CONFIRMED carries it, spec §3). */
  userId?: string;
}

/**
 * Spec §8, sign-in: EMAIL_NOT_CONFIRMED (with the id for a resend), a captcha failure (400 or 401), BAD_CREDENTIALS;
 * anything else shows the server's message or 'Unauthorized'.
 */
export function signInError(error: unknown, language: Language): ShownError {
  const code = error instanceof ApiError ? error.code : "SIGNIN_FAILED";
  if (error instanceof ApiError && code === "EMAIL_NOT_CONFIRMED") {
    const id = isRecord(error.body) && typeof error.body.id === "string" ? error.body.id : undefined;
    return { code, message: authMessage(language, "EMAIL_NOT_CONFIRMED"), ...(id ? { userId: id } : {}) };
  }
  if (code === "CAPTCHA" || code === "BAD_CREDENTIALS") return { code, message: authMessage(language, code) };
  return { code, message: serverMessage(error) ?? fallback(error, language, "SIGNIN_FAILED") };
}

/** Spec §8, sign-up: CAPTCHA, EMAIL_EXISTS (and a taken username); anything else the server's message or 'Ошибка регистрации'. */
export function signUpError(error: unknown, language: Language): ShownError {
  const code = error instanceof ApiError ? error.code : "SIGNUP_FAILED";
  if (code === "CAPTCHA" || code === "EMAIL_EXISTS" || code === "USERNAME_EXISTS") {
    return { code, message: authMessage(language, code) };
  }
  return { code, message: serverMessage(error) ?? fallback(error, language, "SIGNUP_FAILED") };
}

/** Any other account call: a known code in the page's language, else the server's message, else the error's. */
export function accountError(error: unknown, language: Language): ShownError {
  const code = error instanceof ApiError ? error.code : "INTERNAL";
  if (isAuthErrorCode(code)) return { code, message: authMessage(language, code) };
  return { code, message: serverMessage(error) ?? (error instanceof Error ? error.message : String(error)) };
}

// Transport failures keep their spec §8 wording (Network Error, timeout of …); an HTTP error without a body gets the
// feature's generic message.
function fallback(error: unknown, language: Language, code: "SIGNIN_FAILED" | "SIGNUP_FAILED"): string {
  if (error instanceof ApiError || !(error instanceof Error)) return authMessage(language, code);
  return error.message;
}
