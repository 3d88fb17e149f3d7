import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Idempotency } from "../services/idempotency.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A create call: an `Idempotency-Key` header makes its repeats answer the first answer (http/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: { userId: string; key: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";

/** The header as the OpenAPI document and the validator see it, for the `headers` schema of a create call. */
export const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{8,128}$/, "8 to 128 visible ASCII characters, such as a UUID")
    .optional()
    .describe(
      "One value per user action (the web client sends a UUID). A repeat with the same key and body, by the same " +
        "user within 24 hours, creates nothing and gets the first answer again, with `Idempotent-Replayed: true`; " +
        "while the first is still running the repeat waits for it. The same key with other data answers 422 " +
        "IDEMPOTENCY_KEY_REUSED. Failed calls are not kept, so a retry after a failure is a new attempt.",
    ),
});

/** Route options of a create call: opt in and document the header. */
export const idempotentCall = { config: { idempotent: true } } as const;

/**
 * Wires the idempotency service to the routes that opt in (`config.idempotent`). Registered before compression, so
 * the answer kept is the plain JSON text and a replay is compressed like any other answer.
 */
export function registerIdempotency(app: FastifyInstance, idempotency: Idempotency): void {
  app.decorateRequest("idempotencyClaim", null);

  app.addHook("preHandler", async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    // Without a signed-in user the route answers 401 itself; without a key the call is an ordinary one.
    if (typeof key !== "string" || !request.user) return;
    const route = `${request.method} ${request.routeOptions.url}`;
    const requestHash = createHash("sha256")
      .update(JSON.stringify([request.params ?? null, request.body ?? null]))
      .digest("base64url");
    const claim = await idempotency.claim(request.user.id, key, route, requestHash);
    if (claim.kind === "first") {
      request.idempotencyClaim = { userId: request.user.id, key };
      return;
    }
    reply.header(REPLAYED_HEADER, "true").status(claim.answer.statusCode);
    if (claim.answer.contentType) reply.type(claim.answer.contentType);
    return reply.send(claim.answer.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (reply.statusCode < 300 && typeof payload === "string") {
      const contentType = reply.getHeader("content-type");
      await idempotency.complete(claim.userId, claim.key, {
        statusCode: reply.statusCode,
        contentType: typeof contentType === "string" ? contentType : null,
        body: payload,
      });
    } else {
      await idempotency.release(claim.userId, claim.key);
    }
    return payload;
  });
}
