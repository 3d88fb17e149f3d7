import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  matchLanguage,
  parseAcceptLanguage,
} from "@handfont/contract";
import type { FastifyRequest } from "fastify";

/** The language to answer in: the language cookie, then Accept-Language, then English (spec §2 detection order). */
export function requestLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies?.[LANGUAGE_COOKIE.name];
  if (isLanguage(cookie)) return cookie;
  return matchLanguage(parseAcceptLanguage(request.headers["accept-language"])) ?? DEFAULT_LANGUAGE;
}
