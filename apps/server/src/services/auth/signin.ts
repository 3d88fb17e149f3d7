import type { SessionResponse, SignInRequest } from "@handfont/contract";
import { DomainError } from "../domain-error.ts";
import { type AccountDeps, LIMITS, type RequestContext, requireCaptcha } from "./context.ts";
import type { IssuedRefreshToken } from "./sessions.ts";
import { findUserById, findUserByLogin, type UserRow, viewOfUser } from "./users.ts";

export interface SignedIn {
  response: SessionResponse;
  refresh: IssuedRefreshToken;
}

/**
 * Password sign-in (spec §8). An unknown login and a wrong password get the same BAD_CREDENTIALS after the same
 * work (a dummy verify); EMAIL_NOT_CONFIRMED, which names the account, comes only after the right password.
 */
export async function signIn(
  deps: Pick<AccountDeps, "db" | "clock" | "hasher" | "captcha" | "limiter" | "sessions" | "tokens">,
  input: SignInRequest,
  context: RequestContext,
): Promise<SignedIn> {
  const login = (input.username ?? input.email ?? "").trim();
  await deps.limiter.hit(LIMITS.signInIp, context.ip);
  await requireCaptcha(deps.captcha, input.recaptca, context);
  const user = await findUserByLogin(deps.db, login);
  // One counter per account whichever login names it (username or e-mail); unknown logins count by their text.
  await deps.limiter.hit(LIMITS.signInAccount, user?.id ?? login.toLowerCase());
  if (!user?.passwordHash) {
    await deps.hasher.verifyDummy(input.password);
    throw new DomainError("BAD_CREDENTIALS");
  }
  if (!(await deps.hasher.verify(user.passwordHash, input.password))) throw new DomainError("BAD_CREDENTIALS");
  if (!user.emailConfirmedAt) throw new DomainError("EMAIL_NOT_CONFIRMED", { id: user.id });
  return startSession(deps, user, context);
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
