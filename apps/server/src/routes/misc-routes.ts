import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../config/config.ts";
import { DomainError } from "../services/domain-error.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Constant-time comparison: both sides are hashed to one length first, so neither content nor length leaks. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  if (!header || !/^Basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Spec §7: `GET /hello` (public liveness text) and `GET /secured/` (HTTP Basic, credentials from configuration). */
export const miscRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get("/hello", { schema: { tags: ["system"], summary: "Public liveness text" } }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").send("Hello from Handfont"),
  );

  app.get(
    "/secured",
    { schema: { tags: ["system"], summary: "A call behind HTTP Basic (SECURED_USERNAME, SECURED_PASSWORD)" } },
    async (request, reply) => {
      const given = basicCredentials(request.headers.authorization) ?? { username: "", password: "" };
      const expected = config.secured ?? { username: "", password: "" };
      // Check both parts every time, so the answer time does not tell which one was wrong.
      const userOk = sameSecret(given.username, expected.username);
      const passwordOk = sameSecret(given.password, expected.password);
      if (!config.secured || !userOk || !passwordOk) {
        reply.header("www-authenticate", 'Basic realm="secured", charset="UTF-8"');
        throw new DomainError("UNAUTHORIZED");
      }
      return reply.type("text/plain; charset=utf-8").send("Secured: access granted");
    },
  );
};
