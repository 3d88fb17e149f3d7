import type { SessionResponse, SignInRequest } from "@handfont/contract";
import { DomainError } from "../domain-error.ts";
import {
  type AccountDeps,
  LIMITS,
  type RequestContext,
  requireCaptcha,
  SIGNUPS_BEFORE_HARD_CAPTCHA,
} from "./context.ts";
import type { IssuedRefreshToken } from "./sessions.ts";
import { findUserById, findUserByLogin, type UserRow, viewOfUser } from "./users.ts";

export interface SignedIn {
  response: SessionResponse;
  refresh: IssuedRefreshToken;
}

/**
 * Password sign-in (spec §8). An unknown login and a wrong password get the same BAD_CREDENTIALS after the same
 * work (a dummy verify); EMAIL_NOT_CONFIRMED, which names the account, comes only after the right password.
 *
 * Guessing is slowed without locking the owner out: each address has a hard limit on attempts, and once an account
 * or an address has failed often, every attempt on it must carry a hardened captcha (several times the work) or is
 * refused with CAPTCHA before the password is looked at. The owner, with the right password and a solved (hardened)
 * captcha, always gets in.
 */
export async function signIn(
  deps: Pick<AccountDeps, "db" | "clock" | "hasher" | "captcha" | "limiter" | "sessions" | "tokens">,
  input: SignInRequest,
  context: RequestContext,
): Promise<SignedIn> {
  const login = (input.username ?? input.email ?? "").trim();
  await deps.limiter.hit(LIMITS.signInIp, context.ip);
  const captcha = await requireCaptcha(deps.captcha, input.recaptca, context);
  const user = await findUserByLogin(deps.db, login);
  const account = failureSubject(user, login);
  if (!captcha.hard && (await underAttack(deps, account, context.ip))) {
    throw new DomainError("CAPTCHA", { hardCaptcha: true }, "a hardened captcha is needed");
  }
  const failed = async () => {
    // One counter per account whichever login names it (username or e-mail); unknown logins count by their text.
    await deps.limiter.count(LIMITS.signInFailuresAccount, account);
    await deps.limiter.count(LIMITS.signInFailuresIp, context.ip);
    return new DomainError("BAD_CREDENTIALS");
  };
  if (!user?.passwordHash) {
    await deps.hasher.verifyDummy(input.password);
    throw await failed();
  }
  if (!(await deps.hasher.verify(user.passwordHash, input.password))) throw await failed();
  if (!user.emailConfirmedAt) throw new DomainError("EMAIL_NOT_CONFIRMED", { id: user.id });
  return startSession(deps, user, context);
}

function failureSubject(user: UserRow | null, login: string): string {
  return user?.id ?? login.toLowerCase();
}

/** True when the account or the address has failed often enough that attempts need a hardened captcha. */
async function underAttack(deps: Pick<AccountDeps, "limiter">, account: string | null, ip: string): Promise<boolean> {
  if ((await deps.limiter.peek(LIMITS.signInFailuresIp, ip)) >= LIMITS.signInFailuresIp.limit) return true;
  if (account === null) return false;
  return (await deps.limiter.peek(LIMITS.signInFailuresAccount, account)) >= LIMITS.signInFailuresAccount.limit;
}

/**
 * A captcha challenge for the sign-in and sign-up forms: hardened when sign-ins from this address, or on the account
 * the form names (`login`, optional), have failed often, or when this address has made many accounts this hour, so
 * the attempt that follows is accepted (see signIn and signUp).
 */
export async function captchaChallenge(
  deps: Pick<AccountDeps, "db" | "captcha" | "limiter">,
  login: string | undefined,
  context: RequestContext,
) {
  const create = deps.captcha.createChallenge;
  if (!create) throw new DomainError("NOT_FOUND");
  await deps.limiter.hit(LIMITS.captchaIp, context.ip);
  const name = login?.trim() ?? "";
  const account = name ? failureSubject(await findUserByLogin(deps.db, name), name) : null;
  const manySignUps = (await deps.limiter.peek(LIMITS.signUpIp, context.ip)) >= SIGNUPS_BEFORE_HARD_CAPTCHA;
  return create({ hard: manySignUps || (await underAttack(deps, account, context.ip)) });
}

/** Opens a new session (refresh-token family) for a user and answers as sign-in does. */
export async function startSession(
  deps: Pick<AccountDeps, "db" | "clock" | "sessions" | "tokens">,
  user: UserRow,
  context: RequestContext,
): Promise<SignedIn> {
  const refresh = await deps.sessions.start(user.id, context);
  return { refresh, response: await sessionResponse(deps, user, refresh.familyId) };
}

/** Rotates the refresh token and answers with a new access token and the current user data. */
export async function refreshSession(
  deps: Pick<AccountDeps, "db" | "clock" | "limiter" | "sessions" | "tokens">,
  token: string | undefined,
  familyId: string | null,
  context: RequestContext,
): Promise<SignedIn> {
  await deps.limiter.hit(LIMITS.refreshIp, context.ip);
  if (!token) throw new DomainError("NO_SESSION");
  if (familyId) await deps.limiter.hit(LIMITS.refreshAccount, familyId);
  const refresh = await deps.sessions.rotate(token, context);
  const user = await findUserById(deps.db, refresh.userId);
  if (!user) throw new DomainError("NO_SESSION");
  return { refresh, response: await sessionResponse(deps, user, refresh.familyId) };
}

async function sessionResponse(
  deps: Pick<AccountDeps, "db" | "clock" | "tokens">,
  user: UserRow,
  sessionId: string,
): Promise<SessionResponse> {
  const accessToken = await deps.tokens.issue({ userId: user.id, roles: user.roles, sessionId });
  return { accessToken, user: await viewOfUser(deps.db, user, deps.clock.now()) };
}
