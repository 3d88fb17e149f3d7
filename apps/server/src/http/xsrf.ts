import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "../services/domain-error.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Check the XSRF token on this route even for GET. */
    xsrf?: boolean;
  }
}

/** Spec §9: the XSRF cookie and header names the client uses. */
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
const ANONYMOUS = "anon";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Signed double-submit tokens (OWASP): `random.HMAC(secret, binding!random)`, where the binding is the session
 * (refresh-token family) or "anon" before sign-in, so a token planted from elsewhere does not fit a live session.
 */
export interface Xsrf {
  issue(binding: string | null): string;
  isValid(token: string, binding: string | null): boolean;
}

export function createXsrf(secret: string): Xsrf {
  const sign = (binding: string, random: string) =>
    createHmac("sha256", secret).update(`${binding}!${random}`).digest("base64url");
  return {
    issue(binding) {
      const random = randomBytes(16).toString("base64url");
      return `${random}.${sign(binding ?? ANONYMOUS, random)}`;
    },
    isValid(token, binding) {
      const [random, signature, extra] = token.split(".");
      if (!random || !signature || extra !== undefined) return false;
      return safeEqual(signature, sign(binding ?? ANONYMOUS, random));
    },
  };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function setXsrfCookie(reply: FastifyReply, token: string, secure: boolean): void {
  // Readable by the page's script (it copies it into the header); Lax so it is there on the first navigation.
  reply.setCookie(XSRF_COOKIE, token, { path: "/", sameSite: "lax", secure, httpOnly: false });
}

export interface XsrfOptions {
  xsrf: Xsrf;
  /** The session a request speaks for (null before sign-in); tokens are signed for it. */
  binding: (request: FastifyRequest) => Promise<string | null>;
  /** The app's own public origin; a request's own origin (its Host) is accepted as well. */
  publicOrigin: string;
  /**
   * Paths exempt from the check: only server-to-server webhooks that verify their own signature belong here
   * (none exist yet). Listed explicitly by the app so that the exemption is visible in one place.
   */
  exemptPaths: readonly string[];
  secure: boolean;
}

/**
 * Checks every state-changing request: the X-XSRF-TOKEN header must equal the XSRF-TOKEN cookie and be signed for
 * the request's session, and an Origin header, when sent, must be ours. A refused request gets a fresh cookie for
 * its session, so the page can retry once with it.
 */
export function registerXsrfProtection(app: FastifyInstance, options: XsrfOptions): void {
  const exempt = new Set(options.exemptPaths);
  app.addHook("onRequest", async (request, reply) => {
    // A route that changes state through GET (spec §7: removeFont) opts in with `config: { xsrf: true }`.
    if (SAFE_METHODS.has(request.method) && !request.routeOptions.config?.xsrf) return;
    const path = (request.url.split("?")[0] ?? "").replace(/\/+$/, "");
    // Every state-changing call lives under /api; other paths only serve the web app (and answer 404 to a POST).
    if (!path.startsWith("/api/") || exempt.has(path)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== options.publicOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw new DomainError("BAD_ORIGIN");
    }
    const binding = await options.binding(request);
    const header = request.headers[XSRF_HEADER];
    const cookie = request.cookies[XSRF_COOKIE];
    const ok =
      typeof header === "string" &&
      cookie !== undefined &&
      safeEqual(header, cookie) &&
      options.xsrf.isValid(header, binding);
    if (!ok) {
      setXsrfCookie(reply, options.xsrf.issue(binding), options.secure);
      throw new DomainError("XSRF");
    }
  });
}
