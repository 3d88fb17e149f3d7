import { existsSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loadPrerenderedSite } from "./prerendered-site.ts";
import { requestLanguage } from "./request-language.ts";

/** Build output that is read by this server, not served as files. */
const PRIVATE_BUILD_FILES = /^\/(prerendered|\.vite)\//;

/** Answers smaller than this go uncompressed (as @fastify/compress's threshold does for routes). */
const COMPRESS_THRESHOLD_BYTES = 1024;

/** The encoding to send HTML in: brotli, else gzip, when the client accepts it (quality above 0); null for none. */
export function htmlEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const quality = new Map(
    (acceptEncoding ?? "").split(",").map((part): [string, number] => {
      const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
      const q = params.map((param) => /^q=([\d.]+)$/.exec(param)?.[1]).find((value) => value !== undefined);
      return [name.toLowerCase(), q === undefined ? 1 : Number(q)];
    }),
  );
  const wildcard = quality.get("*") ?? 0;
  return (["br", "gzip"] as const).find((name) => (quality.get(name) ?? wildcard) > 0) ?? null;
}

function compressHtml(body: string, encoding: "br" | "gzip"): Buffer {
  // Brotli's quality 5: within a few percent of its best on a page of HTML, in about a millisecond.
  return encoding === "br"
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body);
}

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
  const compressedPages = new Map<string, Partial<Record<"br" | "gzip", Buffer>>>();
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
    // The pages are answered here, outside any route, where @fastify/compress does not reach: a page is ~50 KB of
    // HTML (its critical CSS inline) and ~12 KB compressed, which a phone on a slow network gets 4 times sooner.
    reply.status(answer.status).type("text/html; charset=utf-8").header("vary", "accept-encoding");
    const encoding =
      Buffer.byteLength(answer.body) >= COMPRESS_THRESHOLD_BYTES
        ? htmlEncoding(request.headers["accept-encoding"])
        : null;
    if (!encoding) return reply.send(answer.body);
    if (answer.status !== 200)
      return reply.header("content-encoding", encoding).send(compressHtml(answer.body, encoding));
    // A prerendered page is the same text on every request (a 404 page names the path): compressed once per encoding,
    // keyed by that text, so the cache holds at most two copies of each built page however its path is spelled.
    const compressed = compressedPages.get(answer.body) ?? {};
    compressed[encoding] ??= compressHtml(answer.body, encoding);
    compressedPages.set(answer.body, compressed);
    return reply.header("content-encoding", encoding).send(compressed[encoding]);
  });
}
