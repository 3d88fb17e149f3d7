import type { Duplex } from "node:stream";
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

// What the multipart parser (busboy, through @fastify/multipart) throws for a body it cannot read: no boundary, a
// body cut short, a broken part header. The client sent a damaged upload; nothing failed on our side.
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of (multipart data|form)$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Malformed part header$/,
];

function isMalformedMultipart(error: FastifyError): boolean {
  if (error.code === "FST_MP_PREMATURE_CLOSE" || error.code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return true;
  return error.statusCode === undefined && MALFORMED_MULTIPART.some((pattern) => pattern.test(error.message));
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, code: string, extra = {}) {
  const body: ApiErrorBody = { ...extra, code, message: messageFor(code, requestLanguage(request)) };
  return reply.status(status).send(body);
}

/**
 * Requests Node's HTTP parser refuses never reach Fastify's routes or error handler: headers over the limit (431)
 * and broken request lines (400). They still get the `{ code, message }` body of every other error, in English since
 * no header could be read for the language.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const [status, reason, code] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "HEADERS_TOO_LARGE"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "VALIDATION"]
        : [400, "Bad Request", "VALIDATION"];
  const body = JSON.stringify({ code, message: messageFor(code, "en") });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
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
    if (isMalformedMultipart(error)) return send(request, reply, 400, "UPLOAD_MALFORMED");
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "unhandled error");
      return send(request, reply, 500, "INTERNAL");
    }
    return send(request, reply, status, codeByStatus[status] ?? "VALIDATION");
  });
}
