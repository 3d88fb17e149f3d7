import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loadPrerenderedSite } from "./prerendered-site.ts";
import { requestLanguage } from "./request-language.ts";

/** Build output that is read by this server, not served as files. */
const PRIVATE_BUILD_FILES = /^\/(prerendered|\.vite)\//;

/**
 * Serves the built web app. Hashed assets are cached for a year; pages never, so a deploy is picked up at once.
 * A GET/HEAD of a page path (no file extension, outside /api) answers the prerendered page of that path (public
 * pages, with their text), the app shell for pages rendered in the browser, and otherwise the 404 page with
 * status 404; `/` and wrong-case language prefixes redirect. A missing asset stays a plain 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  notFoundApi: (request: FastifyRequest, reply: FastifyReply) => unknown,
  publicUrl: string,
): Promise<void> {
  const built = existsSync(join(webRoot, "index.html"));
  const site = built ? loadPrerenderedSite(webRoot, publicUrl) : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      allowedPath: (path) => !PRIVATE_BUILD_FILES.test(path),
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
    const [path = "/", query] = request.url.split(/\?(.*)/s);
    const isRead = request.method === "GET" || request.method === "HEAD";
    const answer =
      isRead && site
        ? site.answer({ path, search: query ? `?${query}` : "", language: () => requestLanguage(request) })
        : null;
    if (answer?.kind === "file")
      return reply.type(answer.type).header("cache-control", "public, max-age=3600").send(answer.body);
    const isPage = isRead && !/\.[a-z0-9]+$/i.test(path);
    if (path === "/api" || path.startsWith("/api/") || !isPage) return notFoundApi(request, reply);
    if (!built) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built yet: run `npm run build` (npm start does it for you).");
    }
    reply.header("cache-control", "no-cache");
    if (!answer) return reply.sendFile("index.html");
    if (answer.kind === "redirect") {
      // `/` depends on the visitor's cookie and languages; the case fix is the same for everyone.
      if (answer.status === 302) reply.header("vary", "Cookie, Accept-Language").header("cache-control", "no-store");
      return reply.redirect(answer.location, answer.status);
    }
    if (answer.kind === "shell") return reply.status(answer.status).sendFile("index.html");
    return reply.status(answer.status).type("text/html; charset=utf-8").send(answer.body);
  });
}
