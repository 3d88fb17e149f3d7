import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { type AccountPorts, createAccounts } from "./accounts.ts";
import type { Config } from "./config/config.ts";
import type { Secrets } from "./config/secrets.ts";
import type { Database } from "./db/database.ts";
import "./http/auth-context.ts";
import { registerAuthentication } from "./http/authentication.ts";
import { clientErrorHandler, registerErrorHandling } from "./http/error-handler.ts";
import { registerSecurityHeaders } from "./http/security.ts";
import { sessionBinding } from "./http/session-cookies.ts";
import { registerTextSafety } from "./http/text-safety.ts";
import { registerWebApp } from "./http/web-app.ts";
import { registerXsrfProtection } from "./http/xsrf.ts";
import { createPaymentFeature } from "./payments.ts";
import { adminRoutes } from "./routes/admin.ts";
import { accountRoutes } from "./routes/auth/index.ts";
import { debugRoutes } from "./routes/debug-routes.ts";
import { miscRoutes } from "./routes/misc-routes.ts";
import { PAYMENT_NOTIFICATION_PATHS, paymentRoutes } from "./routes/payments.ts";
import { systemRoutes } from "./routes/system.ts";
import { type Workspace, workspaceRoutes } from "./routes/workspace.ts";
import { DomainError } from "./services/domain-error.ts";

/**
 * The only state-changing paths without the XSRF check: the payment providers' server-to-server notifications,
 * which verify their own signature, and Robokassa's return addresses, which only redirect.
 */
export const XSRF_EXEMPT_PATHS: readonly string[] = [...PAYMENT_NOTIFICATION_PATHS];

export interface AppDependencies {
  config: Config;
  secrets: Secrets;
  database: Database;
  version: string;
  /** Folder of the built web app (apps/web/dist). */
  webRoot: string;
  logger?: FastifyServerOptions["logger"];
  /** Replacements for the account feature's side effects (clock, mailer, ...); tests use them. */
  accountPorts?: AccountPorts;
  /** The font workspace (templates, scans, letters, fonts), built over the engine ports. */
  workspace?: Workspace;
}

/** Builds the HTTP application without listening (the process entry is main.ts). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // Routes read the signed-in user from here (http/auth-context.ts); the authentication hook fills it.
  app.decorateRequest("user", null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerTextSafety(app);

  await registerSecurityHeaders(app, {
    analytics: config.analyticsId !== null,
    production: config.environment === "production",
    captcha: config.captcha.provider,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie, { secret: deps.secrets.COOKIE_SECRET });

  const accounts = await createAccounts({
    config,
    secrets: deps.secrets,
    database: deps.database,
    log: app.log,
    ...(deps.accountPorts ? { ports: deps.accountPorts } : {}),
    erasers: deps.workspace ? [deps.workspace.erase] : [],
  });
  app.addHook("onClose", () => accounts.close());
  const clock = deps.accountPorts?.clock;
  const now = () => clock?.now() ?? new Date();
  const payments = await createPaymentFeature({
    config,
    database: deps.database,
    mailer: accounts.mailer,
    log: app.log,
    now,
  });
  app.addHook("onClose", () => payments.ctx.receipts.flush());
  // Global hooks, added before any route: every feature's routes see request.user and the XSRF check.
  registerAuthentication(app, accounts.deps.tokens);
  registerXsrfProtection(app, {
    xsrf: accounts.xsrf,
    binding: (request) => sessionBinding(request, accounts.deps.tokens),
    publicOrigin: new URL(config.publicUrl).origin,
    exemptPaths: XSRF_EXEMPT_PATHS,
    secure: config.environment === "production",
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Handfont API",
        description: "Turn handwriting into fonts. Every call of the product specification, under /api.",
        version: deps.version,
        license: { name: "AGPL-3.0-or-later" },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(systemRoutes, {
        config,
        database: deps.database,
        version: deps.version,
        features: {
          captcha: {
            provider: config.captcha.provider,
            siteKey: config.captcha.siteKey,
            challengeUrl: config.captcha.provider === "altcha" ? "/api/captcha/challenge" : null,
          },
          googleSignIn: accounts.openId !== null,
          mailOutbox: accounts.outbox !== null,
        },
      });
      await api.register(accountRoutes, accounts);
      await api.register(miscRoutes, { config });
      await api.register(debugRoutes, { outbox: accounts.outbox });
      await api.register(paymentRoutes, { payments, limiter: accounts.deps.limiter });
      await api.register(adminRoutes, { db: deps.database.db, now });
      if (deps.workspace) await api.register(workspaceRoutes, { workspace: deps.workspace });
    },
    { prefix: "/api" },
  );

  await registerWebApp(
    app,
    deps.webRoot,
    () => {
      throw new DomainError("NOT_FOUND");
    },
    config.publicUrl,
  );
  return app;
}
