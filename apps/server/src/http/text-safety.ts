import type { FastifyInstance } from "fastify";
import { DomainError } from "../services/domain-error.ts";

// NUL (which PostgreSQL cannot store in text), the other C0 controls but tab, line feed and carriage return, and the
// noncharacters U+FFFE and U+FFFF: no name, text or file name of the product has a use for them.
// A lone surrogate is not a character at all (the parser keeps it from a JSON escape such as "\ud800").
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string holds a character no text of the API may hold, or a lone surrogate (not valid Unicode). */
export function hasInvalidCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** The path of the first string in a parsed value that has invalid characters (keys included), or null. */
function firstInvalid(value: unknown, path: string, depth: number): string | null {
  if (typeof value === "string") return hasInvalidCharacters(value) ? path : null;
  if (typeof value !== "object" || value === null || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = `${path}/${key}`;
    if (hasInvalidCharacters(key)) return itemPath;
    const found = firstInvalid(item, itemPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses NUL, control characters and broken Unicode in every JSON body, query and path parameter with a typed 400
 * (INVALID_CHARACTERS naming the field) before validation, so no route can pass them on to the database, where they
 * would fail as a 500, or into a font. Multipart file names and fields are checked where they are read.
 */
export function registerTextSafety(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const [part, value] of [
      ["params", request.params],
      ["querystring", request.query],
      ["body", request.body],
    ] as const) {
      const path = firstInvalid(value, part, 0);
      if (path) throw new DomainError("INVALID_CHARACTERS", { path });
    }
  });
}
