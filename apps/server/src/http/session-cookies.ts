import type { FastifyReply, FastifyRequest } from "fastify";
import type { AccessTokens } from "../services/auth/access-tokens.ts";
import { familyOfToken, type IssuedRefreshToken } from "../services/auth/sessions.ts";
import { bearerToken } from "./authentication.ts";
import { setXsrfCookie, type Xsrf } from "./xsrf.ts";

export const REFRESH_COOKIE = "refreshToken";
/** The refresh cookie goes only to the auth calls: refreshtoken, logout and the Google callback. */
export const REFRESH_COOKIE_PATH = "/api/auth";

/** Sets and clears the cookies of a session: the httpOnly refresh token and the XSRF token bound to it. */
export interface SessionCookies {
  signedIn(reply: FastifyReply, refresh: IssuedRefreshToken, now: Date): void;
  signedOut(reply: FastifyReply): void;
}

export function createSessionCookies(xsrf: Xsrf, secure: boolean): SessionCookies {
  return {
    signedIn(reply, refresh, now) {
      reply.setCookie(REFRESH_COOKIE, refresh.token, {
        path: REFRESH_COOKIE_PATH,
        httpOnly: true,
        sameSite: "strict",
        secure,
        maxAge: Math.max(0, Math.floor((refresh.expiresAt.getTime() - now.getTime()) / 1000)),
      });
      setXsrfCookie(reply, xsrf.issue(refresh.familyId), secure);
    },
    signedOut(reply) {
      reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: "strict", secure });
      setXsrfCookie(reply, xsrf.issue(null), secure);
    },
  };
}

/**
 * The session a request speaks for: the family named by its refresh cookie (sent only to /api/auth), else the
 * session of its access token, checked by signature but not expiry, so that an expired token still earns a 401
 * (and a refresh) rather than an XSRF failure.
 */
export async function sessionBinding(request: FastifyRequest, tokens: AccessTokens): Promise<string | null> {
  const family = familyOfToken(request.cookies[REFRESH_COOKIE]);
  if (family) return family;
  const bearer = bearerToken(request);
  return bearer ? tokens.sessionOf(bearer) : null;
}
