import {
  AddPasswordRequest,
  DeleteAccountRequest,
  EditEmailRequest,
  EditPasswordRequest,
  LANGUAGE_COOKIE,
  LANGUAGES,
  LocaleResponse,
  ProfileResponse,
  SessionResponse,
  UserView,
} from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../http/auth-context.ts";
import { requestContext } from "../../http/request-context.ts";
import { requestLanguage } from "../../http/request-language.ts";
import { deleteAccount } from "../../services/auth/delete-account.ts";
import { addPassword, changeEmail, changePassword, getProfile, setLocale } from "../../services/auth/profile.ts";
import { findUserById, viewOfUser } from "../../services/auth/users.ts";
import { DomainError } from "../../services/domain-error.ts";
import type { AccountRoutesOptions } from "./options.ts";

const tags = ["profile"];

/** The signed-in user's profile, user lookup (self or ADMIN) and the interface language. */
export const profileRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { deps, cookies, config, erasers },
) => {
  app.get(
    "/profile",
    { schema: { tags, summary: "The signed-in user's profile", response: { 200: ProfileResponse } } },
    async (request) => getProfile(deps, requireUser(request).id),
  );

  app.post(
    "/profile/editEmail",
    {
      schema: {
        tags,
        summary: "Change the e-mail address: a link to the new address confirms it, the old one gets a notice",
        body: EditEmailRequest,
      },
    },
    async (request, reply) => {
      await changeEmail(deps, requireUser(request).id, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    "/profile/editPassword",
    {
      schema: {
        tags,
        summary: "Change the password; every session ends and this browser gets a new one",
        body: EditPasswordRequest,
        response: { 200: SessionResponse },
      },
    },
    async (request, reply) => {
      const { refresh, response } = await changePassword(
        deps,
        requireUser(request).id,
        request.body,
        requestContext(request),
      );
      cookies.signedIn(reply, refresh, deps.clock.now());
      return response;
    },
  );

  app.post(
    "/profile/addPassword",
    {
      schema: { tags, summary: "Give a password to an account made through Google", body: AddPasswordRequest },
    },
    async (request, reply) => {
      await addPassword(deps, requireUser(request).id, request.body.password);
      return reply.status(204).send();
    },
  );

  app.post(
    "/profile/delete",
    {
      schema: {
        tags,
        summary:
          "Delete the account with all its data (fonts, templates, uploads, files, sessions); confirm with the username and password",
        body: DeleteAccountRequest,
      },
    },
    async (request, reply) => {
      await deleteAccount(deps, requireUser(request).id, request.body, erasers);
      cookies.signedOut(reply);
      return reply.status(204).send();
    },
  );

  app.get(
    "/user/:id",
    {
      schema: {
        tags,
        summary: "A user's data: yourself, or anyone for an ADMIN",
        params: z.object({ id: z.uuid() }),
        response: { 200: UserView },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      if (caller.id !== request.params.id && !caller.roles.includes("ADMIN")) throw new DomainError("FORBIDDEN");
      const user = await findUserById(deps.db, request.params.id);
      if (!user) throw new DomainError("NOT_FOUND");
      return viewOfUser(deps.db, user, deps.clock.now());
    },
  );

  app.get(
    "/checklocale",
    {
      schema: {
        tags,
        summary: "The interface language: the signed-in user's stored one, else the request's",
        response: { 200: LocaleResponse },
      },
    },
    async (request) => {
      const user = request.user ? await findUserById(deps.db, request.user.id) : null;
      return { lang: user?.locale ?? requestLanguage(request) };
    },
  );

  app.get(
    "/changeLocale",
    {
      schema: {
        tags,
        summary: "Set the language cookie and, when signed in, store the language (used for e-mails)",
        querystring: z.object({ lang: z.enum(LANGUAGES) }),
        response: { 200: LocaleResponse },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      if (request.user) await setLocale(deps, request.user.id, lang);
      reply.setCookie(LANGUAGE_COOKIE.name, lang, {
        path: LANGUAGE_COOKIE.path,
        sameSite: "lax",
        maxAge: LANGUAGE_COOKIE.maxAgeDays * 24 * 3600,
        secure: config.environment === "production",
      });
      return { lang };
    },
  );
};
