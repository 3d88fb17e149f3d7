/** Options of a cookie written by the browser app (never httpOnly: those are the server's business). */
export interface CookieOptions {
  maxAgeDays: number;
  path?: string;
  sameSite?: "Lax" | "Strict";
}

/** Reads one cookie from a `document.cookie`-style string; undefined when it is absent. */
export function readCookie(name: string, cookieString: string = document.cookie): string | undefined {
  for (const part of cookieString.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw; // a value another tool wrote without encoding is still the value
    }
  }
  return undefined;
}

/** Serialises a cookie for `document.cookie`; Secure is added on https so the flag never leaks over plain http. */
export function serializeCookie(name: string, value: string, options: CookieOptions, secure: boolean): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.round(options.maxAgeDays * 24 * 60 * 60)}`,
    `Path=${options.path ?? "/"}`,
    `SameSite=${options.sameSite ?? "Lax"}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** Writes a cookie in the current document. */
export function writeCookie(name: string, value: string, options: CookieOptions): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari
  document.cookie = serializeCookie(name, value, options, window.location.protocol === "https:");
}
