import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { captchaRoutes } from "./captcha-routes.ts";
import { googleRoutes } from "./google-routes.ts";
import type { AccountRoutesOptions } from "./options.ts";
import { profileRoutes } from "./profile-routes.ts";
import { recoveryRoutes } from "./recovery-routes.ts";
import { sessionRoutes } from "./session-routes.ts";

/** Every account call of spec §7 (mounted under /api). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  await app.register(sessionRoutes, options);
  await app.register(captchaRoutes, options);
  await app.register(recoveryRoutes, options);
  await app.register(profileRoutes, options);
  await app.register(googleRoutes, options);
};
