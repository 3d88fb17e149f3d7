import { HealthResponse, PublicConfig } from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../config/config.ts";
import type { Database } from "../db/database.ts";

export interface SystemRoutesOptions {
  config: Config;
  database: Database;
  version: string;
  /** What the account feature tells the web app: captcha widget, Google button, debug outbox. */
  features: Pick<PublicConfig, "captcha" | "googleSignIn" | "mailOutbox">;
}

/** Health for load balancers and the debug page, and the public settings the web app needs at start-up. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { config, database, version, features },
) => {
  const started = Date.now();
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Is the server up and its database reachable?",
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const ok = await database.ping();
      return reply.status(ok ? 200 : 503).send({
        status: ok ? "ok" : "degraded",
        version,
        database: { ok, driver: database.driver },
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      });
    },
  );
  app.get(
    "/public-config",
    {
      schema: { tags: ["system"], summary: "Settings the web app needs at start-up", response: { 200: PublicConfig } },
    },
    async () => ({
      version,
      environment: config.environment,
      analyticsId: config.analyticsId,
      operator: config.operator,
      ...features,
    }),
  );
};
