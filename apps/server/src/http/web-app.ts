import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a deploy is picked up at
 * once. Any GET/HEAD of a page path (no file extension, outside /api) answers index.html and the client router
 * decides, including its own 404 page; a missing asset stays a 404 (research/webstack.md §4).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  notFoundApi: (request: FastifyRequest, reply: FastifyReply) => unknown,
): Promise<void> {
  const built = existsSync(join(webRoot, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // @fastify/static 10 passes the Fastify reply here, not the raw response.
      setHeaders(reply: { header(name: string, value: string): unknown }, path: string) {
        reply.header(
          "cache-control",
          path.includes("/assets/")
            ? "public, max-age=31536000, immutable"
            : path.endsWith(".html")
              ? "no-cache"
              : "public, max-age=3600",
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !/\.[a-z0-9]+$/i.test(path);
    if (path === "/api" || path.startsWith("/api/") || !isPage) return notFoundApi(request, reply);
    if (!built) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built yet: run `npm run build` (npm start does it for you).");
    }
    return reply.sendFile("index.html");
  });
}
