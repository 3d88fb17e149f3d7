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
import type { Config } from "./config/config.ts";
import type { Secrets } from "./config/secrets.ts";
import type { Database } from "./db/database.ts";
import "./http/auth-context.ts";
import { DomainError } from "./http/domain-error.ts";
import { registerErrorHandling } from "./http/error-handler.ts";
import { registerSecurityHeaders } from "./http/security.ts";
import { registerWebApp } from "./http/web-app.ts";
import { systemRoutes } from "./routes/system.ts";

export interface AppDependencies {
  config: Config;
  secrets: Secrets;
  database: Database;
  version: string;
  /** Folder of the built web app (apps/web/dist). */
  webRoot: string;
  logger?: FastifyServerOptions["logger"];
}

/** Builds the HTTP application without listening (the process entry is main.ts). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  // Routes read the signed-in user from here (http/auth-context.ts); the authentication hook fills it.
  app.decorateRequest("user", null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await registerSecurityHeaders(app, {
    analytics: config.analyticsId !== null,
    production: config.environment === "production",
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie, { secret: deps.secrets.COOKIE_SECRET });

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
      await api.register(systemRoutes, { config, database: deps.database, version: deps.version });
    },
    { prefix: "/api" },
  );

  await registerWebApp(app, deps.webRoot, () => {
    throw new DomainError("NOT_FOUND", 404);
  });
  return app;
}
