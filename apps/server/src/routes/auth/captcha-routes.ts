import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestContext } from "../../http/request-context.ts";
import { captchaChallenge } from "../../services/auth/signin.ts";
import type { AccountRoutesOptions } from "./options.ts";

/** The ALTCHA proof-of-work challenge the widget fetches (only when CAPTCHA_PROVIDER=altcha). */
export const captchaRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { deps }) => {
  app.get(
    "/captcha/challenge",
    {
      schema: {
        tags: ["auth"],
        summary: "A signed ALTCHA challenge for the sign-in and sign-up forms",
        description:
          "Hardened (more work) while sign-ins from this address, or on the account named by `login`, fail often; " +
          "such sign-ins then need a hardened solution.",
        querystring: z.object({ login: z.string().max(254).optional() }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return captchaChallenge(deps, request.query.login, requestContext(request));
    },
  );
};
