import type { FastifyRequest } from "fastify";
import type { RequestContext } from "../services/auth/context.ts";
import { requestLanguage } from "./request-language.ts";

/** What the account services need to know about a request: client address, user agent and language. */
export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers["user-agent"], language: requestLanguage(request) };
}
