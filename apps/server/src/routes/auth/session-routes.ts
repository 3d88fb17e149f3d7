import { type Language, SessionResponse, SignInRequest, SignUpRequest, SignUpResponse } from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestContext } from "../../http/request-context.ts";
import { requestLanguage } from "../../http/request-language.ts";
import { REFRESH_COOKIE, sessionBinding } from "../../http/session-cookies.ts";
import { setXsrfCookie, XSRF_COOKIE } from "../../http/xsrf.ts";
import { familyOfToken } from "../../services/auth/sessions.ts";
import { refreshSession, signIn } from "../../services/auth/signin.ts";
import { confirmLink, signUp } from "../../services/auth/signup.ts";
import { findUserById } from "../../services/auth/users.ts";
import { DomainError } from "../../services/domain-error.ts";
import type { AccountRoutesOptions } from "./options.ts";

const tags = ["auth"];
// A failed refresh means the session is gone: the browser's cookies must say so too (spec §4: refresh fails → logout).
const SESSION_ENDED = new Set(["NO_SESSION", "SESSION_EXPIRED", "SESSION_REVOKED", "REFRESH_REUSE"]);

/** Sign-up, sign-in, token refresh, logout, the XSRF token and the e-mail confirmation link. */
export const sessionRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { deps, cookies, xsrf, config },
) => {
  const secure = config.environment === "production";

  app.get(
    "/auth/csrf",
    { schema: { tags, summary: "Issue an XSRF-TOKEN cookie for this browser's session (call before a first POST)" } },
    async (request, reply) => {
      const binding = await sessionBinding(request, deps.tokens);
      const current = request.cookies[XSRF_COOKIE];
      if (!current || !xsrf.isValid(current, binding)) setXsrfCookie(reply, xsrf.issue(binding), secure);
      return reply.status(204).send();
    },
  );

  app.post(
    "/auth/signup",
    {
      schema: {
        tags,
        summary: "Create an account; it stays signed out until the mailed link confirms the address",
        body: SignUpRequest,
        response: { 201: SignUpResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await signUp(deps, request.body, requestContext(request))),
  );

  app.post(
    "/auth/signin",
    {
      schema: {
        tags,
        summary: "Sign in with username or e-mail and password",
        body: SignInRequest,
        response: { 200: SessionResponse },
      },
    },
    async (request, reply) => {
      const { refresh, response } = await signIn(deps, request.body, requestContext(request));
      cookies.signedIn(reply, refresh, deps.clock.now());
      return response;
    },
  );

  app.post(
    "/auth/refreshtoken",
    {
      schema: {
        tags,
        summary: "Rotate the refresh-token cookie and get a new access token",
        response: { 200: SessionResponse },
      },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      try {
        const { refresh, response } = await refreshSession(deps, token, familyOfToken(token), requestContext(request));
        cookies.signedIn(reply, refresh, deps.clock.now());
        return response;
      } catch (error) {
        if (error instanceof DomainError && SESSION_ENDED.has(error.code)) cookies.signedOut(reply);
        throw error;
      }
    },
  );

  app.post("/auth/logout", { schema: { tags, summary: "End this browser's session" } }, async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (token) await deps.sessions.end(token);
    cookies.signedOut(reply);
    return reply.status(204).send();
  });

  app.get(
    "/auth/confirm",
    {
      schema: {
        tags,
        summary: "Follow a mailed confirmation link; redirects to the login page (or the profile) with the result",
        querystring: z.object({ token: z.string().max(200).default("") }),
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      try {
        const { kind, user } = await confirmLink(deps, token);
        return reply.redirect(
          kind === "signup" ? `/${user.locale}/login?confirmed=1` : `/${user.locale}/profile?emailChanged=1`,
        );
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // Answer in the owner's language when the token is known (used or expired), else in the request's.
        const row = token ? await deps.emailTokens.find(token) : null;
        const owner = row ? await findUserById(deps.db, row.userId) : null;
        const language: Language = owner?.locale ?? requestLanguage(request);
        const page = row?.purpose === "change_email" ? "profile" : "login";
        return reply.redirect(`/${language}/${page}?confirmError=${error.code}`);
      }
    },
  );
};
