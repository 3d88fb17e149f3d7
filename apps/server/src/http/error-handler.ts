import type { ApiErrorBody } from "@handfont/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { messageFor } from "../i18n/messages.ts";
import { DomainError } from "../services/domain-error.ts";
import { statusOf } from "./error-status.ts";
import { requestLanguage } from "./request-language.ts";

const codeByStatus: Record<number, string> = {
  400: "VALIDATION",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

function send(request: FastifyRequest, reply: FastifyReply, status: number, code: string, extra = {}) {
  const body: ApiErrorBody = { ...extra, code, message: messageFor(code, requestLanguage(request)) };
  return reply.status(status).send(body);
}

/** One error handler for the whole API: typed codes, localized messages, and no internals in a 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const status = statusOf(error.code);
      if (status >= 500) request.log.error({ err: error }, "domain error");
      if (typeof error.extra.retryAfterSeconds === "number") reply.header("retry-after", error.extra.retryAfterSeconds);
      return send(request, reply, status, error.code, error.extra);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: `${error.validationContext ?? ""}${issue.instancePath}`,
        message: issue.message ?? "invalid",
      }));
      return send(request, reply, 400, "VALIDATION", { issues });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "unhandled error");
      return send(request, reply, 500, "INTERNAL");
    }
    return send(request, reply, status, codeByStatus[status] ?? "VALIDATION");
  });
}
