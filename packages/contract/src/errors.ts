import { z } from "zod";

/**
 * Every error the API returns has this body. `code` is stable and machine-readable; `message` is in the
 * request's language. Extra fields (such as the user id of EMAIL_NOT_CONFIRMED, spec §8) ride along.
 */
export const ApiErrorBody = z
  .object({
    code: z.string(),
    message: z.string(),
  })
  .catchall(z.unknown());
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Error codes shared by the server and the web app. Features add their own codes here. */
export const ERROR_CODES = [
  "VALIDATION",
  "NOT_FOUND",
  "INTERNAL",
  "XSRF",
  "RATE_LIMITED",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "PAYLOAD_TOO_LARGE",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
