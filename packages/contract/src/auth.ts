import { z } from "zod";
import { LANGUAGES } from "./languages.ts";

/** Spec §5 leaves rules to the server; ours: at least this many characters and not a common password. */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX_LENGTH = 256;

export const ROLES = ["USER", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];

/** Letters, digits and . _ - ; no "@", so a login field can tell a username from an e-mail address. */
export const Username = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[\p{L}\p{N}._-]+$/u, "letters, digits, dot, underscore and hyphen only");
export const Email = z.string().trim().max(254).pipe(z.email());
// The length rule is checked by the server with its own localized message (PASSWORD_TOO_SHORT), not here.
export const Password = z.string().min(1).max(PASSWORD_MAX_LENGTH);
/** The captcha response; the spec spells the field `recaptca` whatever the provider. */
export const CaptchaResponse = z.string().max(20_000);

export const SignUpRequest = z.object({
  username: Username,
  email: Email,
  password: Password,
  recaptca: CaptchaResponse,
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;
export const SignUpResponse = z.object({ id: z.uuid() });
export type SignUpResponse = z.infer<typeof SignUpResponse>;

/** Spec §3: "username or email"; either field may carry either, an "@" marks an e-mail address. */
export const SignInRequest = z
  .object({
    username: z.string().trim().min(1).max(254).optional(),
    email: z.string().trim().min(1).max(254).optional(),
    password: Password,
    recaptca: CaptchaResponse,
  })
  .refine((body) => body.username !== undefined || body.email !== undefined, {
    message: "username or email is required",
    path: ["username"],
  });
export type SignInRequest = z.infer<typeof SignInRequest>;

export const UserView = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  isPremium: z.boolean(),
  locale: z.enum(LANGUAGES),
  /** False for accounts made through Google until they add a password (profile "add password"). */
  hasPassword: z.boolean(),
});
export type UserView = z.infer<typeof UserView>;

export const SessionResponse = z.object({ accessToken: z.string(), user: UserView });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const ProfileResponse = UserView.extend({
  /** An address waiting for its confirmation link to be followed (profile "edit e-mail"). */
  pendingEmail: z.string().nullable(),
  googleLinked: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const ResendEmailRequest = z.object({ id: z.uuid() });
export const ForgotPasswordRequest = z.object({ email: Email });
export const UpdatePasswordRequest = z.object({ token: z.string().min(1).max(200), password: Password });
export const EditEmailRequest = z.object({ email: Email, password: Password.optional() });
export const EditPasswordRequest = z.object({ oldPassword: Password, newPassword: Password });
export const AddPasswordRequest = z.object({ password: Password });
export const LocaleResponse = z.object({ lang: z.enum(LANGUAGES) });
export type LocaleResponse = z.infer<typeof LocaleResponse>;

/** A mail the development outbox holds (shown on /{lang}/debug when no SMTP server is configured). */
export const OutboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  sentAt: z.iso.datetime({ offset: true }),
  links: z.array(z.string()),
  text: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const OutboxResponse = z.object({ messages: z.array(OutboxMessage) });
export type OutboxResponse = z.infer<typeof OutboxResponse>;

/**
 * The result of a Google sign-in, as the `?auth=` parameter of the login route (spec §2) and the message the popup
 * sends to its opener: `ok` (the session cookie is set; the page calls refreshtoken), `confirmEmail` (an account
 * was made but its address needs the mailed link; the spec suppresses this message) or an error code.
 */
export const SOCIAL_LOGIN_OK = "ok";
export const SOCIAL_LOGIN_CONFIRM_EMAIL = "confirmEmail";
export const SOCIAL_LOGIN_MESSAGE_TYPE = "handfont:social-login";
export const SOCIAL_LOGIN_CHANNEL = "handfont-auth";

export const AUTH_ERROR_CODES = [
  "CAPTCHA",
  "EMAIL_EXISTS",
  "USERNAME_EXISTS",
  "SIGNUP_FAILED",
  "EMAIL_NOT_CONFIRMED",
  "BAD_CREDENTIALS",
  "SIGNIN_FAILED",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_COMMON",
  "WRONG_PASSWORD",
  "PASSWORD_ALREADY_SET",
  "EMAIL_UNCHANGED",
  "TOKEN_INVALID",
  "NO_SESSION",
  "SESSION_EXPIRED",
  "SESSION_REVOKED",
  "REFRESH_REUSE",
  "BAD_ORIGIN",
  "EMAIL_NOT_VERIFIED_AT_PROVIDER",
  "SOCIAL_LOGIN_FAILED",
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
