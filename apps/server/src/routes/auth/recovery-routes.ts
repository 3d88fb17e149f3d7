import { ForgotPasswordRequest, ResendEmailRequest, UpdatePasswordRequest } from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestContext } from "../../http/request-context.ts";
import { requestPasswordReset, resetPassword } from "../../services/auth/recovery.ts";
import { resendConfirmation } from "../../services/auth/signup.ts";
import type { AccountRoutesOptions } from "./options.ts";

const tags = ["auth"];

/** Spec §7: resend the confirmation mail, request a reset link, set a new password from it. All answer 204. */
export const recoveryRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { deps }) => {
  app.post(
    "/resendEmail",
    {
      schema: {
        tags,
        summary: "Mail the confirmation link again (the id comes with EMAIL_NOT_CONFIRMED); 204 whatever the id",
        body: ResendEmailRequest,
      },
    },
    async (request, reply) => {
      await resendConfirmation(deps, request.body.id, requestContext(request));
      return reply.status(204).send();
    },
  );

  app.post(
    "/forgotPassword",
    {
      schema: {
        tags,
        summary: "Mail a password-reset link if the address has an account; 204 either way",
        body: ForgotPasswordRequest,
      },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, request.body.email, requestContext(request));
      return reply.status(204).send();
    },
  );

  app.post(
    "/forgotPassword/updatePassword",
    {
      schema: {
        tags,
        summary: "Set a new password with the token of a reset link; ends every session of the account",
        body: UpdatePasswordRequest,
      },
    },
    async (request, reply) => {
      await resetPassword(deps, request.body.token, request.body.password, requestContext(request));
      return reply.status(204).send();
    },
  );
};
