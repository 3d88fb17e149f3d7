import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { LIMITS } from "../../services/auth/context.ts";
import { DomainError } from "../../services/domain-error.ts";
import type { AccountRoutesOptions } from "./options.ts";

/** The ALTCHA proof-of-work challenge the widget fetches (only when CAPTCHA_PROVIDER=altcha). */
export const captchaRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { deps }) => {
  app.get(
    "/captcha/challenge",
    { schema: { tags: ["auth"], summary: "A signed ALTCHA challenge for the sign-in and sign-up forms" } },
    async (request, reply) => {
      const create = deps.captcha.createChallenge;
      if (!create) throw new DomainError("NOT_FOUND");
      await deps.limiter.hit(LIMITS.captchaIp, request.ip);
      reply.header("cache-control", "no-store");
      return create();
    },
  );
};
