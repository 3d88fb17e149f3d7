import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccessTokens } from "../services/auth/access-tokens.ts";
import type { Sessions } from "../services/auth/sessions.ts";

/** The token of an `Authorization: Bearer` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header || !/^Bearer /i.test(header)) return null;
  return header.slice(7).trim() || null;
}

/**
 * Fills `request.user` from a valid access token of a live session for every route of the app (other features rely
 * on it through requireUser/requireAdmin). A missing or invalid token, or one whose session has ended (logout,
 * password reset, deleted account), leaves it null: public calls still work, and protected ones answer 401, which
 * makes the web client refresh once (spec §4).
 */
export function registerAuthentication(
  app: FastifyInstance,
  tokens: AccessTokens,
  sessions: Pick<Sessions, "isLive">,
): void {
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const claims = await tokens.verify(token);
    if (claims && (await sessions.isLive(claims.sessionId, claims.userId))) {
      request.user = { id: claims.userId, roles: claims.roles };
    }
  });
}
