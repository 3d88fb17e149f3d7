import { Email, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, Username } from "@handfont/contract";

export type SignUpField = "username" | "email" | "password";

/** Which rule a field breaks; each has a message in the `account` namespace (`rules.<rule>`). */
export type SignUpRule =
  | "usernameRequired"
  | "usernameLength"
  | "usernameCharacters"
  | "usernameTaken"
  | "emailRequired"
  | "emailFormat"
  | "emailTaken"
  | "passwordRequired"
  | "passwordLength"
  | "passwordTooLong"
  | "passwordCommon"
  | "invalid";

export type SignUpProblems = Partial<Record<SignUpField, SignUpRule>>;

/**
 * The rules of sign-up checked in the browser before sending (the server checks the same ones, from the same
 * contract): a username of 3 to 32 letters, digits, dots, hyphens or underscores, an e-mail address, a password of
 * at least 8 characters. Only the server knows whether a password is too common or a name is taken.
 */
export function checkSignUp(input: { username: string; email: string; password: string }): SignUpProblems {
  const problems: SignUpProblems = {};
  const username = input.username.trim();
  if (username === "") problems.username = "usernameRequired";
  else if (username.length < 3 || username.length > 32) problems.username = "usernameLength";
  else if (!Username.safeParse(username).success) problems.username = "usernameCharacters";
  const email = input.email.trim();
  if (email === "") problems.email = "emailRequired";
  else if (!Email.safeParse(email).success) problems.email = "emailFormat";
  if (input.password === "") problems.password = "passwordRequired";
  else if (input.password.length < PASSWORD_MIN_LENGTH) problems.password = "passwordLength";
  else if (input.password.length > PASSWORD_MAX_LENGTH) problems.password = "passwordTooLong";
  return problems;
}

const SERVER_CODES: Record<string, [SignUpField, SignUpRule]> = {
  USERNAME_EXISTS: ["username", "usernameTaken"],
  EMAIL_EXISTS: ["email", "emailTaken"],
  PASSWORD_TOO_SHORT: ["password", "passwordLength"],
  PASSWORD_TOO_COMMON: ["password", "passwordCommon"],
};

/**
 * The fields a refused sign-up names: a code tied to one field (a taken name, a common password), or the fields of
 * a VALIDATION answer (`issues[].path` such as "body/username"), each given the rule the browser's own check finds,
 * else a general "not accepted". Empty when the refusal concerns no field (captcha, limits).
 */
export function problemsOfAnswer(
  code: string,
  body: unknown,
  input: { username: string; email: string; password: string },
): SignUpProblems {
  const known = SERVER_CODES[code];
  if (known) return { [known[0]]: known[1] };
  if (code !== "VALIDATION" || typeof body !== "object" || body === null) return {};
  const issues = (body as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return {};
  const local = checkSignUp(input);
  const problems: SignUpProblems = {};
  for (const issue of issues) {
    const path = typeof issue?.path === "string" ? issue.path : "";
    const field = (["username", "email", "password"] as const).find((name) => path.endsWith(`/${name}`));
    if (field) problems[field] = local[field] ?? "invalid";
  }
  return problems;
}
